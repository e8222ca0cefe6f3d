"""The top panel: cut from one sheet (laser: top_panel.svg / .dxf), or printed in four quarters
for makers without a laser. The printed quarters split along the board's middle lines, through
the middle of the holes that sit on them, and lock together with dovetail keys where those
lines cross the ribs of the baffle grid, which carries the seams (joints.panel_keys). Their tops
carry what the laser engraves: the card-reader outlines and every label, in board.toml's
[panel_print] font, size and depth.
"""

from __future__ import annotations

from .joints import panel_keys, quarter_rect
from .layout import Layout, Rect
from .panel_svg import labels, reader_label
from .scad import block, circ, extrude, grown, n, plan, poly, source, sq

HALIGN = {"start": "left", "middle": "center", "end": "right"}
TEXT_FN = 8  # a glyph's curves in steps of about 0.3 mm at these sizes, finer than a 0.4 mm nozzle draws; half the render time of $fn = 32


def panel_2d(lay: Layout) -> str:
    p = lay.hw.board["panel"]
    cuts = [sq(r, p["window_radius"]) for _, r in lay.windows] + [circ(h.x, h.y, h.d) for h in lay.holes]
    return block("module panel2d() difference()", sq(Rect(0, 0, lay.width, lay.width), p["corner_radius"]), *cuts)


def top_panel(lay: Layout) -> str:
    """The cut panel as a solid (for CNC or a large printer); engraving is in top_panel.svg."""
    return source(panel_2d(lay), body=plan(lay.width, extrude(0, lay.hw.board["panel"]["thickness"], "panel2d();")))


def top_panel_2d(lay: Layout) -> str:
    """The cut lines alone, for DXF export."""
    return source(panel_2d(lay), body=plan(lay.width, "panel2d();"))


def _reader_groove(lay: Layout) -> list:
    """The card-reader areas as a 0.8 mm groove round each antenna (what the laser engraves)."""
    out = []
    for r in lay.readers:
        a = r.antenna
        out.append(block("difference()", sq(Rect(a.x0 - 0.4, a.y0 - 0.4, a.x1 + 0.4, a.y1 + 0.4), 3.4),
                         sq(Rect(a.x0 + 0.4, a.y0 + 0.4, a.x1 - 0.4, a.y1 - 0.4), 2.6)))
    return out


def label_text(lay: Layout, name: str, x: float, y: float, halign: str, valign: str = "baseline") -> str:
    """One engraved label as OpenSCAD 2D text at plan point (x, y), mirrored so that plan()'s
    mirror turns it the right way round."""
    pp = lay.hw.board["panel_print"]
    return (f'translate([{n(x)}, {n(y)}]) mirror([0, 1]) text("{name}", size={n(pp["label_size"])}, '
            f'font="{pp["label_font"]}", halign="{halign}", valign="{valign}", $fn={TEXT_FN});')


def engraved_labels(lay: Layout) -> list:
    """What the laser panel engraves as text (panel_svg: the buttons', the seats' and the card
    readers' names), where it engraves it: (name, x, y, OpenSCAD 2D text)."""
    out = [(name, x, y, label_text(lay, name, x, y, HALIGN[anchor])) for name, x, y, anchor in labels(lay)]
    for r in lay.readers:
        a = r.antenna
        x, y = (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2
        out.append((reader_label(r), x, y, label_text(lay, reader_label(r), x, y, "center", "center")))
    return out


def _reaches(lay: Layout, corner: str, name: str, x: float, y: float) -> bool:
    """Whether a label anchored at (x, y) may fall on this quarter (a generous reach: the render
    cuts it to the quarter's outline; the test keeps the source short)."""
    q, reach = quarter_rect(lay, corner), lay.hw.board["panel_print"]["label_size"] * (len(name) + 2)
    return q.x0 - reach <= x <= q.x1 + reach and q.y0 - reach <= y <= q.y1 + reach


def panel_piece(lay: Layout, corner: str) -> str:
    """One printed quarter, top face up: its keys stand out, its neighbours' keys are sockets,
    and its top carries the engraving as open pockets (nothing to support)."""
    pp, fit = lay.hw.board["panel_print"], lay.hw.board["joints"]["fit"]
    t, e = lay.hw.board["panel"]["thickness"], pp["engrave"]
    keys = panel_keys(lay)
    mine = [poly(k.outline) for k in keys if k.owner == corner]
    theirs = [grown(poly(k.outline), fit) for k in keys if k.other == corner]
    shape = block("intersection()", "panel2d();", block("union()", sq(quarter_rect(lay, corner)), *mine))
    if theirs:
        shape = block("difference()", shape, *theirs)
    marks = _reader_groove(lay) + [s for name, x, y, s in engraved_labels(lay) if _reaches(lay, corner, name, x, y)]
    body = block("difference()", extrude(0, t, "quarter2d();"), extrude(t - e, e + 1, block("union()", *marks)))
    return source(panel_2d(lay), block("module quarter2d()", shape), body=plan(lay.width, body))


def panel_size(lay: Layout, corner: str) -> tuple:
    depth, half = lay.hw.board["panel_print"]["key"][2], lay.width / 2
    return (half + (depth if corner[1] == "W" else 0), half + (depth if corner[0] == "N" else 0),
            lay.hw.board["panel"]["thickness"])
