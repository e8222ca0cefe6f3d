"""The light baffle: a grid of ribs, one closed cell per lamp, standing on the LED tray.

Each tower button sits on a rib. Around its body the rib becomes a ring, so the two cells
either side stay closed; only in the top `baffle.nut_zone` under the panel, where the button's
nut turns, is the rib cut back round the nut. No straight path from a lamp's LED reaches a
neighbour's window through that gap: such a path crosses the rib line lower down, which
light.py proves on the rendered STL.
"""

from __future__ import annotations

from .layout import Layout, Rect
from .scad import block, circ, extrude, plan, source, sq


def baffle_radii(lay: Layout) -> dict:
    """Radii round a tower button, shared with the checks: the hole its body passes through,
    the ring round that hole, and the room its nut turns in under the panel."""
    b, btn = lay.hw.board, lay.hw.parts["tower_button"]
    c = b["enclosure"]["clearance"]
    body = btn["body"] / 2 + c
    return {"body": body, "ring": body + b["baffle"]["ring"], "nut": btn["nut"] / 2 + c}


def grid_height(lay: Layout) -> float:
    bf = lay.hw.board["baffle"]
    return bf["height"] - bf["floor"]


def baffle_lines(lay: Layout) -> list:
    """The ribs (and the bosses round the grid's corner screws) as plan rectangles."""
    bf, g = lay.hw.board["baffle"], lay.grid
    h = bf["rib"] / 2
    out = []
    for k in range(5):
        c = g.x0 + k * lay.pitch
        out.append(Rect(c - h, g.y0 - h, c + h, g.y1 + h))
        c = g.y0 + k * lay.pitch
        out.append(Rect(g.x0 - h, c - h, g.x1 + h, c + h))
    s = bf["boss"] / 2
    out += [Rect(x.x - s, x.y - s, x.x + s, x.y + s) for x in lay.grid_screws]
    return out


def tray_outline(lay: Layout) -> Rect:
    g, reach = lay.grid, lay.hw.board["baffle"]["boss"] / 2
    return Rect(g.x0 - reach, g.y0 - reach, g.x1 + reach, g.y1 + reach)


def baffle_grid(lay: Layout) -> str:
    """The ribs between lamp cells with a ring round each tower button, printed upright."""
    bf, enc = lay.hw.board["baffle"], lay.hw.board["enclosure"]
    r, h = baffle_radii(lay), grid_height(lay)
    towers = lay.holes_of("tower")
    solid = block("union()", extrude(0, h, block("union()", *[sq(x) for x in baffle_lines(lay)])),
                  extrude(0, h - bf["nut_zone"], block("union()", *[circ(t.x, t.y, 2 * r["ring"]) for t in towers])))
    through = [circ(t.x, t.y, 2 * r["body"]) for t in towers] + [circ(s.x, s.y, enc["corner_screw"])
                                                                  for s in lay.grid_screws]
    cuts = [extrude(-1, h + 2, block("union()", *through)),
            extrude(h - bf["nut_zone"], bf["nut_zone"] + 1, block("union()", *[circ(t.x, t.y, 2 * r["nut"])
                                                                               for t in towers]))]
    return source(body=plan(lay.width, block("difference()", solid, *cuts)))


def baffle_tray(lay: Layout) -> str:
    """The floor of the cells: the lamp LEDs sit at its cell centres, wires go down beside them."""
    bf, enc = lay.hw.board["baffle"], lay.hw.board["enclosure"]
    r = baffle_radii(lay)
    cuts = [circ(t.x, t.y, 2 * r["body"]) for t in lay.holes_of("tower")]
    cuts += [circ(x + bf["wire_offset"], y, bf["wire_hole"]) for _, x, y in lay.lamp_leds]
    cuts += [circ(s.x, s.y, enc["corner_screw"]) for s in lay.grid_screws]
    shape = block("difference()", sq(tray_outline(lay)), *cuts)
    return source(body=plan(lay.width, extrude(0, bf["floor"], shape)))


def crossing_depth(lay: Layout) -> float:
    """How far under the panel, at the least, a straight path from a lamp's LED to a
    neighbour's window crosses the middle of the rib between them (the lowest such path runs
    from the LED's near edge to the window's near edge; diagonal ones cross lower still).
    The nut zone, where the rib is cut back round a button's nut, must stay shallower."""
    led, bf, p = lay.hw.parts["lamp_led"], lay.hw.board["baffle"], lay.hw.board["panel"]
    rise = lay.z_panel - (lay.z_baffle + bf["floor"] + led["size"][2])
    to_rib = lay.pitch / 2 - led["package"] / 2
    rib_to_window = (lay.pitch - p["tile_window"]) / 2
    return rise * rib_to_window / (to_rib + rib_to_window)
