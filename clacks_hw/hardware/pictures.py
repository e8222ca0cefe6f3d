"""Pictures of the board for the docs, drawn by OpenSCAD from the assembly: every printed or cut
part alone, the whole board exploded, and one picture per assembly step (the parts it adds in
full colour, what came before faded).

Each picture is an OpenSCAD view that imports the parts' STLs where assembly.json puts them;
OpenSCAD draws it headless under xvfb-run. Pictures are checked like the STLs: by the hash of
the view they were drawn from (enclosure/renders/manifest.json), not byte for byte.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import tool_cache
from .assembly import Instance, instances, is_fastener, steps
from .data import HardwareError
from .meshes import stl_points
from .scad import HEADER, n

CAMERA = "0,0,0,55,0,25,0"  # OpenSCAD's gimbal camera: looking down 35 degrees from the south-east
SIZE = {"part": (480, 360), "board": (1000, 700)}
PANEL_RGB = (0.80, 0.66, 0.45)  # plywood
BOUGHT_RGB = {"pi": (0.10, 0.55, 0.25), "hub": (0.10, 0.55, 0.25), "power_board": (0.05, 0.40, 0.20),
              "reader": (0.12, 0.30, 0.75), "lamp_led": (0.97, 0.97, 0.97), "small_led": (0.97, 0.97, 0.97),
              "tower_button": (0.85, 0.15, 0.15), "control_button": (0.20, 0.20, 0.20),
              "jack": (0.25, 0.25, 0.25), "usb_extension": (0.25, 0.25, 0.25)}
METAL_RGB = {"screw": (0.62, 0.64, 0.68), "insert": (0.80, 0.65, 0.25)}
LIT = (1.0, 0.78, 0.15)  # a lamp at full warm white, as the diffuser shows it
FADED = 0.22  # alpha of what earlier steps put in
PULL = 25.0  # an exploded screw comes out of its hole this far


@dataclass(frozen=True)
class View:
    name: str  # enclosure/renders/NAME.png
    title: str
    scad: str  # with STL paths relative to enclosure/
    size: tuple[int, int]
    stls: tuple[str, ...]  # the parts it imports


def rgb(hw, part) -> tuple:
    key = part.name.split("/")[-1]
    if part.bought:
        return BOUGHT_RGB.get(key) or METAL_RGB[key.split("_")[0]]
    return tuple(hw.board["filaments"][part.filament]["rgb"]) if part.printed else PANEL_RGB


def _matrix(m) -> str:
    return "[" + ", ".join("[" + ", ".join(n(v) for v in row) + "]" for row in m) + "]"


def _line(hw, inst: Instance, alpha: float = 1.0, shift=(0.0, 0.0, 0.0), colour=None) -> str:
    r, g, b = colour or rgb(hw, inst.part)
    mv = f"translate([{n(shift[0])}, {n(shift[1])}, {n(shift[2])}]) " if any(shift) else ""
    return (f"{mv}multmatrix({_matrix(inst.place.matrix())}) color([{n(r)}, {n(g)}, {n(b)}, {n(alpha)}]) "
            f'import("stl/{inst.part.name}.stl");  // {inst.name}')


def _source(lines: list) -> str:
    return HEADER + "// A view of the assembly (enclosure/assembly.json); open it in OpenSCAD to turn it round.\n\n" + \
        "\n".join(lines) + "\n"


def assembly_scad(lay, parts) -> str:
    """enclosure/assembly.scad: the whole board, every part where it goes, in its colours."""
    return _source([_line(lay.hw, i) for i in instances(lay, parts)])


def _centres(root: Path, parts) -> dict:
    """The middle of each part's STL, in its own frame."""
    out = {}
    for p in parts:
        pts = stl_points((root / f"enclosure/stl/{p.name}.stl").read_bytes())
        out[p.name] = tuple((min(q[i] for q in pts) + max(q[i] for q in pts)) / 2 for i in range(3))
    return out


def _explode(lay, inst: Instance, centre: tuple) -> tuple:
    """How far a part copy moves in the exploded view: its step's lift and spread (board.toml),
    and a screw out of its hole along its axis."""
    step = steps(lay)[inst.step - 1]
    lift, spread = step.get("lift", 0.0), step.get("spread", 0.0)
    x, y, _ = inst.place.point(centre)
    c = lay.width / 2
    dx, dy = x - c, y - c
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    move = [spread * dx / d, spread * dy / d, lift]
    if is_fastener(inst.part) and inst.part.name.split("/")[-1].startswith("screw_"):
        ax = inst.place.vector((0.0, 0.0, -1.0))
        move = [m - PULL * a for m, a in zip(move, ax)]
    return tuple(move)


def _first_light(hw, insts: list, first: str) -> list:
    """The assembled board with the first pixel of the LED chain lit: its lamp's diffuser, or its
    tower button's cap, glowing."""
    lit = {f"diffuser {first}", f"bought/tower_button {first}"}
    return [_line(hw, i, colour=LIT if i.name in lit else None) for i in insts]


def _insert_lift(inst: Instance) -> tuple:
    """An insert drawn above its hole, along its axis; anything else where it is."""
    if not inst.part.name.startswith("bought/insert_"):
        return (0.0, 0.0, 0.0)
    return tuple(-PULL * a for a in inst.place.vector((0.0, 0.0, -1.0)))


def views(lay, cfg, parts, root: Path) -> list:
    """Every picture's view, reading the STLs under ``root`` (the build's output folder)."""
    from .led_chain import chain_points
    hw, insts, centres = lay.hw, instances(lay, parts), _centres(root, parts)
    out = []
    for p in parts:
        if not p.bought:
            r, g, b = rgb(hw, p)
            src = _source([f'color([{n(r)}, {n(g)}, {n(b)}]) import("stl/{p.name}.stl");'])
            out.append(View(f"part-{p.name}", p.what, src, SIZE["part"], (p.name,)))
    every = tuple(sorted({i.part.name for i in insts}))
    out.append(View("assembled", "the assembled board", _source([_line(hw, i) for i in insts]), SIZE["board"], every))
    first = chain_points(lay, cfg)[0][1]
    out.append(View("first-light", f"the first lit tile: {first}, the first pixel of the LED chain",
                    _source(_first_light(hw, insts, first)), SIZE["board"], every))
    out.append(View("exploded", "the board, exploded", _source([_line(hw, i, shift=_explode(lay, i, centres[i.part.name])) for i in insts]),
                    SIZE["board"], every))
    inserts = [i for i in insts if i.part.name.startswith("bought/insert_")]
    if inserts:  # before assembling: each part that takes heat-set inserts, every insert above its hole
        hosts = {i.place.label.split(": ")[0] for i in inserts}
        shown = [i for i in insts if i.name in hosts] + inserts
        out.append(View("prepare-inserts", "melt a heat-set insert into every hole that takes one",
                        _source([_line(hw, i, FADED if i.name in hosts else 1.0, _insert_lift(i)) for i in shown]), SIZE["board"],
                        tuple(sorted({i.part.name for i in shown}))))
    for k, step in enumerate(steps(lay), 1):
        shown = [i for i in insts if i.step <= k]
        lines = [_line(hw, i, 1.0 if i.step == k else FADED) for i in shown]
        out.append(View(f"step-{k}", f"step {k}: {step['title']}", _source(lines), SIZE["board"],
                        tuple(sorted({i.part.name for i in shown}))))
    return out


def xvfb_run() -> list:
    tool_cache.exe("xauth", "xauth", " (xvfb-run needs it)")
    return [tool_cache.exe("xvfb-run", "xvfb", " (OpenSCAD needs an X server to draw a PNG)"), "-a",
            "-s", "-screen 0 1280x1024x24"]


def render_views(ctx, parts, workers: int | None = None, names=None) -> list:
    """enclosure/renders/*.png and their manifest (each picture's view hash); ``names``: only those
    pictures, and no manifest."""
    from .manifest import manifest_text, sha256
    from .render import cached_openscad, run_jobs
    todo = [v for v in views(ctx.lay, ctx.cfg, parts, ctx.out) if names is None or v.name in names]
    wrap = xvfb_run()
    root = (ctx.out / "enclosure").resolve()
    folder = ctx.out / "enclosure/renders"
    folder.mkdir(parents=True, exist_ok=True)

    def run(job):
        _, v = job
        w, h = v.size
        args = (f"--imgsize={w},{h}", f"--camera={CAMERA}", "--autocenter", "--viewall", "--projection=p",
                "--colorscheme=Tomorrow")
        with tempfile.TemporaryDirectory() as tmp:  # the STL paths made absolute, the key kept relative
            src = Path(tmp) / f"{v.name}.scad"
            src.write_text(v.scad.replace('import("stl/', f'import("{root}/stl/'), encoding="utf-8")
            return cached_openscad("png", src, folder / f"{v.name}.png", args, wrap, key_text=v.scad,
                                   inputs=[root / f"stl/{s}.stl" for s in v.stls])

    run_jobs(ctx, "picture", [(v.name, v) for v in todo], run, workers)
    for v in todo:
        if not (folder / f"{v.name}.png").read_bytes().startswith(b"\x89PNG"):
            raise HardwareError(f"OpenSCAD did not draw enclosure/renders/{v.name}.png")
    pngs = [folder / f"{v.name}.png" for v in todo]
    if names is not None:
        return pngs
    from .render import drop_stale
    drop_stale(folder, "*.png", pngs)
    entries = {f"{v.name}.png": {"view_sha256": sha256(v.scad), "title": v.title} for v in todo}
    return pngs + [ctx.write("enclosure/renders/manifest.json", manifest_text(entries))]
