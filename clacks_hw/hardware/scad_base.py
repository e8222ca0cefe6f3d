"""OpenSCAD sources of the base tray (four pieces) and the walls (two pieces a side).

Printed pieces meet in a lap joint: each is two half-thickness layers whose seams are
offset by the lap, so neighbours overlap by 2 x lap and are glued there.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout, Rect
from .scad import block, circ, extrude, plan, source, sq

STANDOFF_WALL = 1.6  # around the screw's pilot hole


@dataclass(frozen=True)
class Post:
    """Something standing on the base floor: a board standoff, a baffle pillar, a reader post."""

    name: str
    x: float  # centre
    y: float
    size: float  # outer diameter (round) or side (square)
    round: bool
    pilot: float  # screw pilot hole, 0 = none
    height: float  # above the floor's top


def posts(lay: Layout) -> list:
    parts, enc = lay.hw.parts, lay.hw.board["enclosure"]
    out = []
    for m in lay.mounted:
        if m.on:  # plugged into another board, not standing on the floor
            continue
        hole = parts[m.name]["hole"]
        for k, (x, y) in enumerate(m.holes):
            out.append(Post(f"{m.name} standoff {k + 1}", x, y, hole + 2 * STANDOFF_WALL, True, hole - 0.5,
                            parts[m.name]["standoff"]))
    for k, r in enumerate(lay.pillars):
        out.append(Post(f"baffle pillar {k + 1}", (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, r.w, False,
                        enc["corner_screw"] - 0.8, lay.z_baffle - lay.z_floor))
    top = lay.z_panel - parts["reader"]["size"][2] - lay.z_floor
    for r in lay.readers:
        for k, p in enumerate(r.posts):
            out.append(Post(f"reader {r.seat or 'shared'} post {k + 1}", (p.x0 + p.x1) / 2, (p.y0 + p.y1) / 2,
                            p.w, False, 0.0, top))
    return out


def post_rect(p: Post) -> Rect:
    h = p.size / 2
    return Rect(p.x - h, p.y - h, p.x + h, p.y + h)


def _spans(lo_side: bool, size: float, lap: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(lower layer, upper layer) extent of one half along one axis."""
    s = size / 2
    return ((0, s + lap), (0, s - lap)) if lo_side else ((s + lap, size), (s - lap, size))


def base_layers(lay: Layout, corner: str) -> tuple[Rect, Rect]:
    lap = lay.hw.board["enclosure"]["lap"]
    (xl, xu), (yl, yu) = _spans(corner[1] == "W", lay.width, lap), _spans(corner[0] == "N", lay.width, lap)
    return Rect(xl[0], yl[0], xl[1], yl[1]), Rect(xu[0], yu[0], xu[1], yu[1])


def _inside(r: Rect, x: float, y: float) -> bool:
    return r.x0 <= x < r.x1 and r.y0 <= y < r.y1


def piece_posts(lay: Layout, corner: str) -> list:
    """The posts on this quarter's upper layer (the checks keep them off the seams)."""
    _, up = base_layers(lay, corner)
    return [p for p in posts(lay) if _inside(up, p.x, p.y)]


def base_piece(lay: Layout, corner: str) -> str:
    enc, radius = lay.hw.board["enclosure"], lay.hw.board["panel"]["corner_radius"]
    low, up = base_layers(lay, corner)
    outline = sq(Rect(0, 0, lay.width, lay.width), radius)
    half = enc["floor"] / 2
    parts = [extrude(0, half, block("intersection()", outline, sq(low))),
             extrude(half, half, block("intersection()", outline, sq(up)))]
    for p in piece_posts(lay, corner):
        shape = circ(p.x, p.y, p.size) if p.round else sq(post_rect(p))
        if p.pilot:
            shape = block("difference()", shape, circ(p.x, p.y, p.pilot))
        parts.append(extrude(enc["floor"], p.height, shape))
    return source(body=plan(lay.width, "\n".join(parts)))


def wall_openings(lay: Layout) -> list:
    """(name, u, v, width, height, round) in the north wall's plane: u = plan x, v above the floor."""
    o, parts = lay.hw.board["openings"], lay.hw.parts
    usb = parts["usb_extension"]["opening"]
    floor = lay.z_floor
    return [("power jack", o["power"]["x"], o["power"]["z"] - floor, parts["jack"]["hole"], parts["jack"]["hole"], True),
            ("USB", o["usb"]["x"], o["usb"]["z"] - floor, usb[0], usb[1], False)]


def wall_piece(lay: Layout, length: float, west: bool, openings: list) -> str:
    enc = lay.hw.board["enclosure"]
    height, t, lap = enc["inside_height"], enc["wall"] / 2, enc["lap"]
    outer, inner = _spans(west, length, lap)  # outer face on the bed
    cuts = [circ(u, v, w) if rnd else sq(Rect(u - w / 2, v - h / 2, u + w / 2, v + h / 2))
            for _, u, v, w, h, rnd in openings]
    layers = []
    for z, (a, b) in ((0, outer), (t, inner)):
        layers.append(extrude(z, t, block("difference()", sq(Rect(a, 0, b, height)), *cuts) if cuts
                              else sq(Rect(a, 0, b, height))))
    return source(body="\n".join(layers))


def wall_length(lay: Layout, side: str) -> float:
    """North and south walls run the full width; east and west fit between them."""
    return lay.width if side in "NS" else lay.width - 2 * lay.hw.board["enclosure"]["wall"]
