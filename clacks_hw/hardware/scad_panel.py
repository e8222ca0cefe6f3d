"""The top panel: cut from one sheet (laser: top_panel.svg / .dxf), or printed in four quarters
for makers without a laser. The printed quarters split along the board's middle lines, through
the middle of the holes that sit on them, and lock together with dovetail keys where those
lines cross the ribs of the baffle grid, which carries the seams (joints.panel_keys).
"""

from __future__ import annotations

from .joints import panel_keys, quarter_rect
from .layout import Layout, Rect
from .scad import block, circ, extrude, grown, plan, poly, source, sq


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


def panel_piece(lay: Layout, corner: str) -> str:
    """One printed quarter, top face up: its keys stand out, its neighbours' keys are sockets."""
    pp, fit = lay.hw.board["panel_print"], lay.hw.board["joints"]["fit"]
    t = lay.hw.board["panel"]["thickness"]
    keys = panel_keys(lay)
    mine = [poly(k.outline) for k in keys if k.owner == corner]
    theirs = [grown(poly(k.outline), fit) for k in keys if k.other == corner]
    shape = block("intersection()", "panel2d();", block("union()", sq(quarter_rect(lay, corner)), *mine))
    cuts = [extrude(-1, t + 2, block("union()", *theirs))] if theirs else []
    grooves = _reader_groove(lay)
    if grooves:
        cuts.append(extrude(t - pp["engrave"], pp["engrave"] + 1, block("union()", *grooves)))
    return source(panel_2d(lay), body=plan(lay.width, block("difference()", extrude(0, t, shape), *cuts)))


def panel_size(lay: Layout, corner: str) -> tuple:
    depth, half = lay.hw.board["panel_print"]["key"][2], lay.width / 2
    return (half + (depth if corner[1] == "W" else 0), half + (depth if corner[0] == "N" else 0),
            lay.hw.board["panel"]["thickness"])
