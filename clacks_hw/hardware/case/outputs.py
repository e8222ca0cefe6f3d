"""The case's files under enclosure/laser/: each layer's OpenSCAD sources, its cut file as OpenSCAD
draws it (DXF with joined outlines in millimetres, the panel's engraving on a layer of its own,
and the same outlines as SVG), its solid (STL) for the checks, and the cut list with prices.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from .. import dxf
from ..render import openscad
from .geometry import Case
from .scad import cut_scad, engrave_scad, solid_scad

LASER = "enclosure/laser"


def sources(c: Case) -> dict:
    """Relative path -> OpenSCAD source, every layer's cut file and solid, and the engraving."""
    out = {}
    for layer in c.layers:
        out[f"scad/{layer.name}_cut.scad"] = cut_scad(c, layer)
        out[f"scad/{layer.name}.scad"] = solid_scad(c, layer)
    out["scad/panel_engrave.scad"] = engrave_scad(c)
    return out


def _loops(src: str) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        s, d = Path(tmp) / "x.scad", Path(tmp) / "x.dxf"
        s.write_text(src, encoding="utf-8")
        openscad(s, d)
        return dxf.join(dxf.read_lines(d.read_text(encoding="utf-8")))


def svg(c: Case, layers: dict) -> str:
    """The cut file's outlines at 1:1 in millimetres: red is cut, blue is engraved."""
    w = c.width
    colour = {"CUT": "#d00", "ENGRAVE": "#00d"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{w:g}mm" viewBox="0 0 {w:g} {w:g}">',
           "<!-- Generated from clacks_hw/hardware/case/case.toml by OpenSCAD's DXF: do not edit. -->"]
    for name, loops in layers.items():
        for loop in loops:
            d = " ".join(f"{'M' if k == 0 else 'L'}{x:.3f},{w - y:.3f}" for k, (x, y) in enumerate(loop)) + " Z"
            out.append(f'<path d="{d}" fill="none" stroke="{colour[name]}" stroke-width="0.1"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def cut_files(c: Case, write) -> list:
    """Run OpenSCAD on every layer's cut file: dxf/NAME.dxf and svg/NAME.svg."""
    made = []
    for layer in c.layers:
        layers = {"CUT": _loops(cut_scad(c, layer))}
        if layer.engrave:
            layers["ENGRAVE"] = _loops(engrave_scad(c))
        made.append(write(f"{LASER}/dxf/{layer.name}.dxf", dxf.write_layers(layers)))
        made.append(write(f"{LASER}/svg/{layer.name}.svg", svg(c, layers)))
    return made


def solids(c: Case, folder: Path) -> dict:
    """Each layer's STL, as OpenSCAD makes it, under ``folder``: name -> path."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for layer in c.layers:
        s, d = folder / f"{layer.name}.scad", folder / f"{layer.name}.stl"
        s.write_text(solid_scad(c, layer), encoding="utf-8")
        openscad(s, d)
        out[layer.name] = d
    return out


def prices(c: Case) -> dict:
    """The case priced (estimates): each layer by its material's EUR per m2 of part, the FR4
    plate as a board of its size by mainboard.toml's [fab], the screws, standoffs, feet and
    keycaps; the plate both for one build paying its order alone and shared by builds_per_order."""
    fab, usd = c.board.data["fab"], c.board.data["prices"]["usd_eur"]
    shared = c.board.data["budget"]["builds_per_order"]
    area_m2 = (c.width / 1000) ** 2
    rows, plate_order = [], 0.0
    for layer in c.layers:
        m = c.data["material"][layer.material]
        if m.get("board_house"):
            plate_order = (fab["pcb_usd_per_cm2"] * area_m2 * 1e4 * fab["pcb_min_qty"] + fab["pcb_shipping_usd"]) * usd
            continue
        rows.append((layer.title, m["name"], area_m2 * m["eur_m2"]))
    s, k = c.data["screws"], c.data["keycap"]
    count = len(s["at"])
    keys = len(c.parts("socket"))
    bought = [(s["top"]["name"], count, s["top"]["eur"]), (s["bottom"]["name"], count, s["bottom"]["eur"]),
              (s["standoff"]["name"], count, s["standoff"]["eur"]), (s["feet"]["name"], s["feet"]["count"], s["feet"]["eur"]),
              (k["name"], keys, k["eur"])]
    base = sum(r[2] for r in rows) + sum(q * e for _, q, e in bought)
    return {"rows": rows, "bought": bought, "plate_order": plate_order, "shared": shared,
            "alone": base + plate_order, "each_shared": base + plate_order / shared}


def cut_list_md(c: Case) -> str:
    p = prices(c)
    w = c.width
    lines = ["# The laser-cut case: cut list", "",
             "Generated from `clacks_hw/hardware/case/case.toml`: do not edit. Every layer is a "
             f"{w:g} x {w:g} mm part; its cut file is `dxf/NAME.dxf` (and `svg/NAME.svg`) beside this file, "
             f"drawn for a kerf of {c.data['cut']['kerf']:g} mm (red: cut; blue: engrave). Prices are estimates "
             f"({c.data['order']['date']}), not quotes.", "",
             "| # | layer | sheet | thickness (mm) | from z (mm) | cut-outs |", "|---|---|---|---|---|---|"]
    for k, layer in enumerate(c.layers, 1):
        m = c.data["material"][layer.material]
        lines.append(f"| {k} | {layer.title} | {m['name']} | {layer.thickness:g} | {layer.z0:.1f} | {len(layer.cuts)} |")
    lines += ["", f"Stack height {c.height:.1f} mm; the board's underside at {c.z_board:.1f} mm; the plate's top "
              f"{c.layer('plate').z1 - c.board_top:.2f} mm over the board's top.", "",
              "## Sheets", "", "| material | layers | thickness (mm) | parts | EUR (est.) | source |", "|---|---|---|---|---|---|"]
    for key, m in c.data["material"].items():
        n = sum(1 for x in c.layers if x.material == key)
        if not n:
            continue
        eur = p["plate_order"] if m.get("board_house") else n * (w / 1000) ** 2 * m["eur_m2"]
        note = f"an order of {c.board.data['fab']['pcb_min_qty']} plates" if m.get("board_house") else f"{n} x {w:g} x {w:g} mm"
        lines.append(f"| {m['name']} | {n} | {m['thickness']:g} | {note} | {eur:.2f} | {m['source']} |")
    sw, sh = c.data["order"]["sheet"]
    lines += ["", f"Two layers fit on a {sw:g} x {sh:g} mm sheet.", "", "## Bought", "",
              "| part | qty | each (EUR, est.) | total |", "|---|---|---|---|"]
    lines += [f"| {name} | {q} | {e:.2f} | {q * e:.2f} |" for name, q, e in p["bought"]]
    lines += ["", "## Totals (estimates)", "",
              f"- one build paying the plate's order alone: **{p['alone']:.2f} EUR**",
              f"- each of {p['shared']} builds sharing one plate order: **{p['each_shared']:.2f} EUR**", ""]
    return "\n".join(lines)


def write_all(c: Case, out: Path) -> list:
    """Every committed file of the case under ``out``: sources, cut files and the cut list."""
    from ...base.secure_files import write_file

    def write(rel: str, text: str) -> Path:
        path = out / rel
        write_file(path, text, 0o644, make_dir=0o755)
        return path

    made = [write(f"{LASER}/{rel}", src) for rel, src in sources(c).items()]
    made += cut_files(c, write)
    made.append(write(f"{LASER}/cut_list.md", cut_list_md(c)))
    return made
