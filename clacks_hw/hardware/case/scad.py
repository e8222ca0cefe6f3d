"""OpenSCAD sources of the case's layers: each layer's 2D outline less its cut-outs, for the cut
file (grown by half the kerf, so the laser's path leaves the part at its size) and extruded
to its thickness for the assembly and the checks; the panel's engraving as a second drawing.

Plan coordinates (y south) are mirrored once into OpenSCAD's (y north) by ``plan()``, text
is placed in OpenSCAD's frame directly (mirrored text would read backwards).
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..layout import Hole, Rect
from ..panel_svg import labels, reader_label
from ..scad import HEADER, block, circ, n, plan, sq
from .geometry import Case, Layer, seat_leds

FN = 48


def cut_shape(c) -> str:
    if c.shape == "rect":
        x0, y0, x1, y1, r = c.v
        return sq(Rect(x0, y0, x1, y1), r)
    if c.shape == "circle":
        return circ(*c.v)
    x, y, flats = c.v  # a hexagon with two flats parallel to x: circle's 6 sides, turned 30 degrees
    return f"translate([{n(x)}, {n(y)}]) rotate(30) circle(d={n(flats * 2 / math.sqrt(3))}, $fn=6);"


def layer_2d(c: Case, layer: Layer) -> str:
    outer = sq(Rect(0, 0, c.width, c.width), c.radius)
    cuts = [f"{cut_shape(x)}  // {x.what}" for x in layer.cuts]
    return plan(c.width, block("difference()", outer, *cuts))


def _src(body: str) -> str:
    return HEADER + f"$fn = {FN};\n\n" + body + "\n"


def cut_scad(c: Case, layer: Layer) -> str:
    """The layer's cut file: the part grown by half the kerf (the laser runs outside it and
    inside every hole)."""
    kerf = c.data["cut"]["kerf"]
    return _src(f"// {layer.title}: the cutting path, kerf {n(kerf)} mm\n"
                + f"offset(delta={n(kerf / 2)}) " + layer_2d(c, layer))


def solid_scad(c: Case, layer: Layer) -> str:
    """The layer at its size, extruded to its thickness from z = 0."""
    return _src(f"// {layer.title}: {n(layer.thickness)} mm\n"
                + f"linear_extrude(height={n(layer.thickness)}) " + layer_2d(c, layer))


def panel_holes(c: Case) -> list:
    """The panel's holes as layout.Hole for the engraved labels: the keycap holes where the
    switches are, the seat windows over the seat LEDs."""
    panel = c.layer("panel")
    key = next((x for x in panel.cuts if x.what.startswith("keycap")), None)
    w = key.v[2] - key.v[0] if key else 0.0
    seats = {p.role: p.at for p in seat_leds(c)}
    out = []
    for h in c.lay.holes:
        if h.kind in ("tower", "control"):
            out.append(replace(h, d=w))
        elif h.kind == "seat":
            out.append(replace(h, x=seats[h.name][0], y=seats[h.name][1], d=c.data["plate"]["seat_panel"]))
        else:
            out.append(h)
    return out


def _text(c: Case, s: str, x: float, y: float, halign: str) -> str:
    p = c.lay.hw.board["panel_print"]
    return (f'translate([{n(x)}, {n(c.width - y)}]) text("{s}", size={n(p["label_size"])}, '
            f'font="{p["label_font"]}", halign="{halign}", valign="baseline");')


def _label_box(text: str, x: float, y: float, anchor: str, size: float) -> tuple:
    """The box a label's letters take (x0, y0, x1, y1; y down to the baseline), bold capitals
    about 0.75 of their height wide."""
    w = 0.75 * size * len(text)
    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    return (x0, y - size, x0 + w, y)


def clear_labels(holes: list, placed: list, size: float) -> list:
    """``placed`` (text, x, y, anchor) with a name that would lie over another hole moved above
    its own hole, and the names of its row with it, so a row reads alike (the laser case's
    south seat window sits below the TURN key, where that key's name would go)."""
    def hit(box, hole):
        x0, y0, x1, y1 = box
        dx, dy = max(x0 - hole.x, 0, hole.x - x1), max(y0 - hole.y, 0, hole.y - y1)
        return dx * dx + dy * dy < (hole.d / 2 + 1.0) ** 2

    own = {h.name: h for h in holes}
    moved = {own[text].kind for text, x, y, a in placed
             if any(hit(_label_box(text, x, y, a, size), h) for h in holes if h.name != text)}
    return [(text, x, own[text].y - own[text].d / 2 - 1.5 if own[text].kind in moved else y, a)
            for text, x, y, a in placed]


def engrave_scad(c: Case) -> str:
    """What the laser engraves into the panel's top: each reader's outline with its name inside,
    and every button's and seat's name (panel_svg.labels places them clear of the holes)."""
    size = c.lay.hw.board["panel_print"]["label_size"]
    readers = []
    for r in c.lay.readers:
        a = r.antenna
        readers.append(block("difference()", plan(c.width, sq(a, 3.0)),
                             _text(c, reader_label(r), (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2 + 0.4 * size, "center")))
    lay = replace(c.lay, holes=panel_holes(c))
    anchor = {"start": "left", "middle": "center", "end": "right"}
    names = [_text(c, s, x, y, anchor[a]) for s, x, y, a in clear_labels(lay.holes, labels(lay), size)]
    return _src("// the top panel's engraving: reader outlines and labels\n" + block("union()", *readers, *names))


def seat_hole(c: Case, name: str) -> Hole:
    return next(h for h in panel_holes(c) if h.name == name)
