"""Where the printed pieces meet, in plan coordinates: the base quarters along the board's two
middle lines (floor dovetails, a tongue and groove where the walls meet), the printed panel's
quarters along the same lines (dovetail keys over the baffle's ribs), and the heat-set inserts
the panel is screwed into.

Tabs, tongues and keys stand out of the west piece across the north-south seam and out of the
north piece across the east-west seam; their neighbour has the socket (the tab grown by
joints.fit on every side). Every joint slides together straight down, so the quarters go in
one by one: NW, NE, SW, SE.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout, Rect

QUARTERS = ("NW", "NE", "SW", "SE")


@dataclass(frozen=True)
class Tab:
    """A dovetail (or tongue) standing out of piece `owner` into piece `other`."""

    owner: str
    other: str
    outline: tuple  # polygon, plan coordinates; its root runs 1 mm into the owner


def quarter_rect(lay: Layout, corner: str) -> Rect:
    c, w = lay.width / 2, lay.width
    x0, x1 = (0.0, c) if corner[1] == "W" else (c, w)
    y0, y1 = (0.0, c) if corner[0] == "N" else (c, w)
    return Rect(x0, y0, x1, y1)


def _dovetail(axis: str, c: float, along: float, neck: float, head: float, depth: float) -> tuple:
    """A trapezoid widening away from the seam; axis 'x': across the line x = c, else y = c."""
    pts = [(-1.0, -neck / 2), (0.0, -neck / 2), (depth, -head / 2), (depth, head / 2), (0.0, neck / 2), (-1.0, neck / 2)]
    return tuple((c + u, along + v) if axis == "x" else (along + v, c + u) for u, v in pts)


def _sides(axis: str, along: float, c: float) -> tuple:
    """(tab owner, socket owner) for a point of a seam."""
    if axis == "x":  # the north-south line: west piece holds the tab
        return ("NW", "NE") if along < c else ("SW", "SE")
    return ("NW", "SW") if along < c else ("NE", "SE")


def floor_tabs(lay: Layout) -> list:
    j = lay.hw.board["joints"]
    neck, head, depth = j["dovetail"]
    c, w = lay.width / 2, lay.width
    out = []
    for axis in ("x", "y"):
        for d in j["dovetails"]:
            for along in (d, w - d):
                owner, other = _sides(axis, along, c)
                out.append(Tab(owner, other, _dovetail(axis, c, along, neck, head, depth)))
    return out


def _rect_poly(r: Rect) -> tuple:
    return ((r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1))


def wall_seams(lay: Layout) -> list:
    """(side, axis, pilaster Rect, tongue Tab) where the walls of two quarters meet."""
    j = lay.hw.board["joints"]
    length, thick = j["pilaster"]
    tw, td = j["tongue"]
    c, w = lay.width / 2, lay.width
    out = []
    for side in ("N", "E", "S", "W"):
        axis = "x" if side in "NS" else "y"
        across0 = 0.0 if side in "NW" else w - thick  # the pilaster, from the outer face inwards
        mid = across0 + thick / 2
        if axis == "x":
            pil = Rect(c - length / 2, across0, c + length / 2, across0 + thick)
            tongue = Rect(c - 1, mid - tw / 2, c + td, mid + tw / 2)
        else:
            pil = Rect(across0, c - length / 2, across0 + thick, c + length / 2)
            tongue = Rect(mid - tw / 2, c - 1, mid + tw / 2, c + td)
        owner, other = _sides(axis, mid, c)
        out.append((side, axis, pil, Tab(owner, other, _rect_poly(tongue))))
    return out


@dataclass(frozen=True)
class Insert:
    name: str
    quarter: str  # the base quarter it is set in
    x: float
    y: float
    z_top: float  # the mouth of its hole


def lid_inserts(lay: Layout) -> list:
    """Heat-set inserts the panel screws into: atop each baffle pillar, and in the thickened
    wall beside each wall joint (layout's "lid" holes, one per quarter)."""
    out = []
    for h in lay.holes_of("screw"):
        z = lay.z_panel if h.name.startswith("lid") else lay.z_baffle
        out.append(Insert(h.name, quarter_of(lay, h.x, h.y), h.x, h.y, z))
    return out


def quarter_of(lay: Layout, x: float, y: float) -> str:
    c = lay.width / 2
    return ("N" if y < c else "S") + ("W" if x < c else "E")


def panel_keys(lay: Layout) -> list:
    """Dovetail keys of the printed panel: where each middle line crosses a rib line of the
    lamp grid (the board's centre, where four pieces meet, has none)."""
    neck, head, depth = lay.hw.board["panel_print"]["key"]
    c, g = lay.width / 2, lay.grid
    out = []
    for k in range(5):
        along = g.x0 + k * lay.pitch
        if abs(along - c) < 1e-9:
            continue
        for axis in ("x", "y"):
            owner, other = _sides(axis, along, c)
            out.append(Tab(owner, other, _dovetail(axis, c, along, neck, head, depth)))
    return out
