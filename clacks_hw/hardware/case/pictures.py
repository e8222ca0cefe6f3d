"""Pictures of the case for docs/case.md, drawn by OpenSCAD: the whole stack exploded and one
picture per build step (case.toml [[step]]), every layer and bought part that step adds lifted
and named by a numbered label, what came before faded. The layers are drawn from the same 2D
sources as the cut files; the board, the Pi, the Pico, switches, keycaps and screws as the
boxes the checks use. Pictures are kept by the hash of their view (renders/manifest.json).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..data import HardwareError
from ..manifest import manifest_text, sha256
from ..render import cached_openscad, xvfb_run
from ..scad import HEADER, n
from .geometry import Case, outline
from .scad import layer_2d

COLOUR = {"ply3": (0.80, 0.66, 0.45), "ply6": (0.74, 0.58, 0.38), "black2": (0.15, 0.15, 0.17),
          "opal3": (0.95, 0.95, 0.93), "fr4": (0.85, 0.78, 0.35)}
CAMERA = "150,150,60,62,0,28,900"
SIZE = (1000, 760)
FADED = 0.25


def _cube(c: Case, x0, y0, z0, x1, y1, z1) -> str:
    return f"translate([{n(x0)}, {n(c.width - y1)}, {n(z0)}]) cube([{n(x1 - x0)}, {n(y1 - y0)}, {n(z1 - z0)}]);"


def bought(c: Case) -> dict:
    """Group name -> (title, colour, OpenSCAD lines) of what is not cut."""
    s, k = c.data["screws"], c.data["keycap"]
    o = outline(c)
    board = [_cube(c, o.x0, o.y0, c.z_board, o.x1, o.y1, c.board_top)]
    u = c.data["under"]
    z = c.z_board - u["socket"] - u["header_plastic"]
    j2, j3, j4 = (c.board.part(r) for r in ("J2", "J3", "J4"))
    xm = j2.at[0] + 24.13
    board.append(_cube(c, xm - 32.5, j2.at[1] - 3.5, z - 1.0, xm + 32.5, j2.at[1] + 26.5, z))  # the Pi Zero
    pm = (j3.at[0] + j4.at[0]) / 2
    board.append(_cube(c, pm - 10.5, j3.at[1] - 1.6, z - 1.0, pm + 10.5, j3.at[1] + 49.4, z))  # the Pico
    top = c.layer("plate").z1
    switches = [_cube(c, p.at[0] - 7, p.at[1] - 7, c.board_top, p.at[0] + 7, p.at[1] + 7, top + k["seat"]) for p in c.parts("socket")]
    caps = [f"translate([{n(p.at[0])}, {n(c.width - p.at[1])}, {n(top + k['seat'])}]) linear_extrude(height={n(k['height'])}, "
            f"scale={n(k['top'] / k['base'])}) square({n(k['base'])}, center=true);" for p in c.parts("socket")]
    readers = [_cube(c, rd.x0, rd.y0, c.layer("baffle_3").z1, rd.x1, rd.y1, c.layer("baffle_3").z1 + 1.6) for _, rd, *_ in c.readers]
    at = [(x, c.width - y) for x, y in s["at"]]
    stand = [f"translate([{n(x)}, {n(y)}, {n(c.layer('bottom').z1)}]) cylinder(d={n(s['standoff']['flats'] * 1.1547)}, "
             f"h={n(s['standoff']['length'])}, $fn=6);" for x, y in at]
    tops = [f"translate([{n(x)}, {n(y)}, {n(c.height - s['top']['length'])}]) cylinder(d=3, h={n(s['top']['length'] + 1.6)}, $fn=16);" for x, y in at]
    unders = [f"translate([{n(x)}, {n(y)}, -1.6]) cylinder(d=3, h={n(s['bottom']['length'] + 1.6)}, $fn=16);" for x, y in at]
    return {"board": ("the board, the Pi and the Pico under it", (0.05, 0.40, 0.20), board),
            "switches": ("the switches", (0.85, 0.85, 0.80), switches),
            "keycaps": ("the keycaps", (0.95, 0.95, 1.0), caps),
            "readers": ("the card readers", (0.12, 0.30, 0.75), readers),
            "standoffs": (s["standoff"]["name"], (0.80, 0.65, 0.25), stand),
            "top_screws": (s["top"]["name"], (0.62, 0.64, 0.68), tops),
            "bottom_screws": (s["bottom"]["name"], (0.62, 0.64, 0.68), unders)}


def _label(c: Case, k: int, text: str, z: float) -> str:
    """A numbered label east of the stack at height z, with a leader to the stack's edge."""
    x = c.width + 12
    return (f"color([0.1, 0.1, 0.1]) {{ translate([{n(c.width)}, {n(c.width / 2)}, {n(z)}]) cube([12, 0.6, 0.6]);\n"
            f"  translate([{n(x)}, {n(c.width / 2)}, {n(z - 3)}]) rotate([90, 0, 28]) linear_extrude(0.5) "
            f'text("{k}  {text}", size=9, font="DejaVu Sans:style=Bold", valign="center"); }}')


def view(c: Case, upto: int | None) -> str:
    """The stack after step ``upto`` (None: every step, exploded), the step's parts lifted and named."""
    steps = c.data["step"]
    groups = bought(c)
    lines, label, last = [], 0, -1e9
    gap = 0.0
    for k, step in enumerate(steps, 1):
        if upto is not None and k > upto:
            break
        new = upto is None or k == upto
        gap = (gap + 22.0 * len(step["parts"])) if upto is None else step.get("lift", 0.0) if new else 0.0
        alpha = 1.0 if new else FADED
        for j, name in enumerate(step["parts"]):
            lift = gap + (22.0 * j if upto is None else 0.0)
            if name in groups:
                title, rgb, body = groups[name]
                z = c.height / 2 if name in ("standoffs", "top_screws", "bottom_screws") else c.board_top
            else:
                layer = c.layer(name)
                title, rgb = layer.title, COLOUR[layer.material]
                body = [f"translate([0, 0, {n(layer.z0)}]) linear_extrude(height={n(layer.thickness)}) {layer_2d(c, layer)}"]
                z = layer.z0 + layer.thickness / 2
            r, g, b = rgb
            lines.append(f"translate([0, 0, {n(lift)}]) color([{n(r)}, {n(g)}, {n(b)}, {n(alpha)}]) {{\n"
                         + "\n".join(body) + "\n}")
            if new:
                label += 1
                # labels one above the other, never on top of each other: 16 mm apart, as the camera's
                # slant shortens heights, for 9 mm letters
                last = max(z + lift, last + 16.0)
                lines.append(_label(c, label, title, last))
    return HEADER + "$fn = 32;\n\n" + "\n".join(lines) + "\n"


def views(c: Case) -> dict:
    out = {"exploded": ("the case, exploded: every layer and bought part, bottom to top", view(c, None))}
    for k, step in enumerate(c.data["step"], 1):
        out[f"step-{k}"] = (f"step {k}: {step['title']}", view(c, k))
    return out


def render(c: Case, out: Path, write) -> list:
    """renders/NAME.png for every view and renders/manifest.json (each view's hash)."""
    folder = out / "enclosure/laser/renders"
    folder.mkdir(parents=True, exist_ok=True)
    wrap, made, entries = xvfb_run(), [], {}
    args = (f"--imgsize={SIZE[0]},{SIZE[1]}", f"--camera={CAMERA}", "--autocenter", "--viewall",
            "--projection=p", "--colorscheme=Tomorrow")
    for name, (title, src) in views(c).items():
        with tempfile.TemporaryDirectory() as tmp:
            s = Path(tmp) / f"{name}.scad"
            s.write_text(src, encoding="utf-8")
            cached_openscad("png", s, folder / f"{name}.png", args, wrap)
        if not (folder / f"{name}.png").read_bytes().startswith(b"\x89PNG"):
            raise HardwareError(f"OpenSCAD did not draw enclosure/laser/renders/{name}.png")
        made.append(folder / f"{name}.png")
        entries[f"{name}.png"] = {"view_sha256": sha256(src), "title": title}
    made.append(write("enclosure/laser/renders/manifest.json", manifest_text(entries)))
    return made
