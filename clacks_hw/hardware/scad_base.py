"""OpenSCAD sources of the base: four corner quarters, each its floor and the two walls of
its corner in one print, standing as it prints (floor on the bed, walls upright).

The quarters meet along the board's middle lines: dovetail tabs in the bottom of the floor
slide under the neighbour's floor, and the walls meet in a tongue and groove inside a
thickened stretch of wall (joints.py). On the floor stand the standoffs of the boards, a
pillar under each corner of the baffle (an insert in its top) and a cradle under each card
reader; heat-set inserts in the thickened walls take the panel's screws.
"""

from __future__ import annotations

from dataclasses import dataclass

from .joints import floor_tabs, lid_inserts, quarter_of, quarter_rect, wall_seams
from .layout import Layout, Reader, Rect
from .scad import block, circ, extrude, grown, plan, poly, source, sq
from .walls import cutter

STANDOFF_WALL = 1.6  # around a screw's pilot hole
PILOT_SKIN = 0.8  # a standoff's pilot hole runs down into the floor, leaving this much under it
CRADLE_RAIL = 3.0  # how far a cradle's rails reach under the board's edges
CRADLE_LIP = 1.0  # how far the fence stands above the board
CRADLE_PILOT = 10.0  # depth of the pilot hole under each of a reader's screw holes


@dataclass(frozen=True)
class Post:
    """Something standing on the base floor: a board standoff or a baffle pillar."""

    name: str
    x: float  # centre
    y: float
    size: float  # outer diameter (round) or side (square)
    round: bool
    pilot: float  # screw pilot hole, 0 = none (a pillar takes an insert instead)
    height: float  # above the floor's top
    depth: float = 0.0  # of the pilot hole, from the post's top


def posts(lay: Layout) -> list:
    parts, floor = lay.hw.parts, lay.hw.board["enclosure"]["floor"]
    out = []
    for m in lay.mounted:
        if m.on:  # plugged into another board, not standing on the floor
            continue
        p = parts[m.name]
        # no wider than the ring the board keeps free round its hole (its parts stand beyond)
        size = min(p["hole"] + 2 * STANDOFF_WALL, p.get("keepout", 1e9))
        for k, (x, y) in enumerate(m.holes):
            out.append(Post(f"{m.name} standoff {k + 1}", x, y, size, True, p["hole"] - 0.5, p["standoff"],
                            p["standoff"] + floor - PILOT_SKIN))
    for k, r in enumerate(lay.pillars):
        out.append(Post(f"baffle pillar {k + 1}", (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, r.w, False, 0.0,
                        lay.z_baffle - lay.z_floor))
    return out


def post_rect(p: Post) -> Rect:
    h = p.size / 2
    return Rect(p.x - h, p.y - h, p.x + h, p.y + h)


def piece_posts(lay: Layout, corner: str) -> list:
    return [p for p in posts(lay) if quarter_of(lay, p.x, p.y) == corner]


def piece_readers(lay: Layout, corner: str) -> list:
    return [r for r in lay.readers if quarter_of(lay, (r.board.x0 + r.board.x1) / 2, (r.board.y0 + r.board.y1) / 2) == corner]


def cradle_rects(lay: Layout, r: Reader) -> tuple:
    """(supports under the board, fences beside it) as plan rectangles. The board drops in from
    above onto two rails and an end rail by the antenna, readers.fit from the fences on its two
    wall sides; pegs through its holes by the antenna locate it (readers.fit round them) and two
    screws at the far end hold it down. Its header end stays open for the wires."""
    rd, b = lay.hw.board["readers"], r.board
    fit, fence = rd["fit"], rd["gap"] - rd["fit"]
    north, west = r.corner.startswith("N"), r.corner.endswith("W")
    end = b.y0 if north else b.y1  # the antenna end, against a wall
    out = fit + fence
    y_lo, y_hi = (b.y0 - out, b.y1) if north else (b.y0, b.y1 + out)
    end_rail = (end - out, end + CRADLE_RAIL) if north else (end - CRADLE_RAIL, end + out)
    x_lo, x_hi = (b.x0 - out, b.x1) if west else (b.x0, b.x1 + out)  # the fences only on the walls' sides
    rails = [Rect(x_lo if west else b.x0, y_lo, b.x0 + CRADLE_RAIL, y_hi),
             Rect(b.x1 - CRADLE_RAIL, y_lo, b.x1 if west else x_hi, y_hi),
             Rect(x_lo, end_rail[0], x_hi, end_rail[1])]
    boss = lay.hw.parts["reader"]["pilot"] / 2 + 2.0
    for x, y in r.pegs + r.screws:  # a boss under each hole, joined to the nearest rail
        ex = b.x0 if x - b.x0 < b.x1 - x else b.x1
        rails.append(Rect(max(min(x, ex) - boss, x_lo), y - boss, min(max(x, ex) + boss, x_hi), y + boss))
    side = Rect(b.x0 - out, y_lo, b.x0 - fit, y_hi) if west else Rect(b.x1 + fit, y_lo, b.x1 + out, y_hi)
    fences = [side, Rect(x_lo, end - out, x_hi, end - fit) if north else Rect(x_lo, end + fit, x_hi, end + out)]
    return rails, fences


def peg_diameter(lay: Layout) -> float:
    """A cradle's pegs: readers.fit round them in the board's holes, and 0.05 mm more so a
    faceted peg never grazes a faceted hole."""
    return lay.hw.parts["reader"]["hole"] - 2 * lay.hw.board["readers"]["fit"] - 0.1


def cradle(lay: Layout, r: Reader) -> tuple:
    """(solid, cuts) in the plan frame."""
    part = lay.hw.parts["reader"]
    z_under = r.z_top - part["size"][2]
    rails, fences = cradle_rects(lay, r)
    peg = peg_diameter(lay)
    solid = [extrude(0, z_under, block("union()", *[sq(x) for x in rails])),
             extrude(0, r.z_top + CRADLE_LIP, block("union()", *[sq(x) for x in fences])),
             extrude(z_under - 1, part["size"][2] + 1 + CRADLE_LIP, block("union()", *[circ(x, y, peg) for x, y in r.pegs]))]
    cuts = [extrude(z_under - CRADLE_PILOT, CRADLE_PILOT + 1, block("union()", *[circ(x, y, part["pilot"])
                                                                                    for x, y in r.screws]))]
    return solid, cuts


def _insert_cuts(lay: Layout, corner: str) -> list:
    ins = lay.hw.parts["insert_m3"]
    out = []
    for i in lid_inserts(lay):
        if i.quarter == corner:
            out.append(extrude(i.z_top - ins["depth"], ins["depth"] + 1, circ(i.x, i.y, ins["hole"])))
            out.append(extrude(i.z_top - ins["depth"] - 6, 6.5, circ(i.x, i.y, lay.hw.board["enclosure"]["corner_screw"] - 0.2)))
    return out


def base_piece(lay: Layout, corner: str, holes: list) -> str:
    """One quarter: floor, its corner's walls, the joints' halves, posts, cradles and holes."""
    b = lay.hw.board
    enc, j = b["enclosure"], b["joints"]
    w, t, r, zp = lay.width, enc["wall"], b["panel"]["corner_radius"], lay.z_panel
    q = sq(quarter_rect(lay, corner))
    outline = sq(Rect(0, 0, w, w), r)
    walls = block("difference()", outline, sq(Rect(t, t, w - t, w - t), max(r - t, 0.01)))
    seams = wall_seams(lay)
    solid = [extrude(0, enc["floor"], block("intersection()", q, outline)),
             extrude(0, zp, block("intersection()", q, block("union()", walls, *[sq(p) for _, _, p, _ in seams])))]
    cuts = []
    for tab in floor_tabs(lay):
        if tab.owner == corner:
            solid.append(extrude(0, j["dovetail_height"], poly(tab.outline)))
        elif tab.other == corner:
            cuts.append(extrude(-1, j["dovetail_height"] + j["fit"] + 1, grown(poly(tab.outline), j["fit"])))
    for _, _, _, tongue in seams:
        if tongue.owner == corner:
            solid.append(extrude(0, zp, poly(tongue.outline)))
        elif tongue.other == corner:
            cuts.append(extrude(-1, zp + 2, grown(poly(tongue.outline), j["fit"])))
    for p in piece_posts(lay, corner):
        shape = circ(p.x, p.y, p.size) if p.round else sq(post_rect(p))
        solid.append(extrude(enc["floor"] - 0.5, p.height + 0.5, shape))
        if p.pilot:
            cuts.append(extrude(enc["floor"] + p.height - p.depth, p.depth + 1, circ(p.x, p.y, p.pilot)))
    for rd in piece_readers(lay, corner):
        more, less = cradle(lay, rd)
        solid += more
        cuts += less
    cuts += _insert_cuts(lay, corner)
    cuts += [cutter(lay, h) for h in holes if quarter_of(lay, *_plan_xy(lay, h)) == corner]
    return source(body=plan(w, block("difference()", block("union()", *solid), *cuts)))


def _plan_xy(lay: Layout, h) -> tuple:
    t, w = lay.hw.board["enclosure"]["wall"] / 2, lay.width
    return {"N": (h.u, t), "S": (h.u, w - t), "W": (t, h.u), "E": (w - t, h.u)}[h.side]


def base_size(lay: Layout, corner: str) -> tuple:
    """The quarter's bounding box as printed: its square plus the tabs standing out of it
    (a west quarter's across the north-south seam, a north quarter's across the other)."""
    j, half = lay.hw.board["joints"], lay.width / 2
    reach = max(j["dovetail"][2], j["tongue"][1])
    return (half + (reach if corner[1] == "W" else 0), half + (reach if corner[0] == "N" else 0), lay.z_panel)
