"""Assembly checks computed from the layout: nothing collides, every cut-out keeps its
distance, every wall is printable, every piece fits the bed. Each returns a list of problems
(empty = fine); build-files and the tests run them all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .layout import Layout, Rect
from .parts_md import fits
from .scad import baffle_radii, sleeve_height
from .scad_base import STANDOFF_WALL, base_layers, post_rect, posts, wall_openings


@dataclass(frozen=True)
class Box:
    name: str
    x0: float
    y0: float
    z0: float
    x1: float
    y1: float
    z1: float

    def hits(self, o: Box) -> bool:
        return (self.x0 < o.x1 and o.x0 < self.x1 and self.y0 < o.y1 and o.y0 < self.y1
                and self.z0 < o.z1 and o.z0 < self.z1)


def dist_to_rect(x: float, y: float, r: Rect) -> float:
    """0 inside, else the distance from the point to the rectangle."""
    dx, dy = max(r.x0 - x, 0, x - r.x1), max(r.y0 - y, 0, y - r.y1)
    return math.hypot(dx, dy)


def rects_gap(a: Rect, b: Rect) -> float:
    dx, dy = max(b.x0 - a.x1, a.x0 - b.x1, 0), max(b.y0 - a.y1, a.y0 - b.y1, 0)
    return math.hypot(dx, dy) if dx or dy else -1.0


def _keepout(lay: Layout, h) -> float:
    """Radius of what a hole's part takes under the panel (nut) or on it (bezel), whichever is bigger."""
    parts = lay.hw.parts
    if h.kind in ("tower", "control"):
        p = parts[f"{h.kind}_button"]
        return max(p["nut"], p["bezel"]) / 2
    return h.d / 2


def panel_problems(lay: Layout) -> list:
    out, mw = [], lay.hw.board["print"]["min_wall"]
    lip = lay.hw.board["diffuser"]["lip"]
    for h in lay.holes:
        for i, w in lay.windows:
            if dist_to_rect(h.x, h.y, w) < h.d / 2 + mw:
                out.append(f"{h.name} hole cuts into (or leaves less than {mw:g} mm beside) lamp window {i}")
            # the nut under the panel needs panel to bear on; the bezel on top must clear the diffuser lip
            grown = Rect(w.x0 - lip, w.y0 - lip, w.x1 + lip, w.y1 + lip)
            if h.kind in ("tower", "control") and dist_to_rect(h.x, h.y, grown) < _keepout(lay, h) - lip:
                out.append(f"{h.name}: the button's nut or bezel reaches over lamp window {i}")
        if not (_keepout(lay, h) + mw <= h.x <= lay.width - _keepout(lay, h) - mw
                and _keepout(lay, h) + mw <= h.y <= lay.width - _keepout(lay, h) - mw):
            out.append(f"{h.name} is too close to the panel's edge")
    for a in range(len(lay.holes)):
        for b in range(a + 1, len(lay.holes)):
            ha, hb = lay.holes[a], lay.holes[b]
            if math.hypot(ha.x - hb.x, ha.y - hb.y) < _keepout(lay, ha) + _keepout(lay, hb) + 1:
                out.append(f"{ha.name} and {hb.name} are too close (their nuts or bezels meet)")
    for r in lay.readers:
        a = r.antenna
        for i, w in lay.windows:
            if rects_gap(a, w) < mw:
                out.append(f"card-reader area {r.corner} overlaps lamp window {i}")
        for h in lay.holes:
            if dist_to_rect(h.x, h.y, a) < _keepout(lay, h) + 1:
                out.append(f"card-reader area {r.corner} overlaps {h.name}")
        if not (r.board.x0 >= 0 and r.board.y0 >= 0 and r.board.x1 <= lay.width and r.board.y1 <= lay.width):
            out.append(f"card reader {r.corner} sticks out of the panel")
    return out


def baffle_problems(lay: Layout) -> list:
    out = []
    bf, led = lay.hw.board["baffle"], lay.hw.parts["lamp_led"]
    rad, half = baffle_radii(lay), lay.hw.parts["tower_button"]
    towers = lay.holes_of("tower")
    s = led["size"][0] / 2
    for i, x, y in lay.lamp_leds:
        box = Rect(x - s, y - s, x + s, y + s)
        cell = Rect(x - lay.pitch / 2 + bf["rib"] / 2, y - lay.pitch / 2 + bf["rib"] / 2,
                    x + lay.pitch / 2 - bf["rib"] / 2, y + lay.pitch / 2 - bf["rib"] / 2)
        if not (cell.x0 + 1 <= box.x0 and box.x1 <= cell.x1 - 1 and cell.y0 + 1 <= box.y0 and box.y1 <= cell.y1 - 1):
            out.append(f"lamp LED {i} is within 1 mm of its cell's walls")
        wx = x + bf["wire_offset"]
        if wx - bf["wire_hole"] / 2 < box.x1 + 0.5:
            out.append(f"lamp {i}: the wire hole runs under the LED")
        for t in towers:
            if dist_to_rect(t.x, t.y, box) < rad["sleeve"] + 1:
                out.append(f"lamp LED {i} is in the way of {t.name}'s button sleeve")
            if math.hypot(t.x - wx, t.y - y) < rad["body"] + bf["wire_hole"] / 2 + 1:
                out.append(f"lamp {i}'s wire hole runs into {t.name}'s button hole in the tray")
    for t in towers:
        for i, w in lay.windows:
            if dist_to_rect(t.x, t.y, w) < rad["sleeve"]:
                out.append(f"{t.name}'s button sleeve shadows lamp window {i}")
    if rad["body"] <= half["body"] / 2 or rad["nut"] <= half["nut"] / 2:
        out.append("the baffle's holes do not clear the tower button body and nut")
    if half["depth"] > bf["height"] + (lay.z_baffle - lay.z_floor) - 1:
        out.append("the tower buttons are deeper than the space under the panel")
    return out


def solids(lay: Layout) -> list:
    """Every part under the panel as boxes (round parts by their bounding square)."""
    enc, parts, zp, zf = lay.hw.board["enclosure"], lay.hw.parts, lay.z_panel, lay.z_floor
    w, t = lay.width, enc["wall"]
    out = [Box("north wall", 0, 0, zf, w, t, zp), Box("south wall", 0, w - t, zf, w, w, zp),
           Box("west wall", 0, t, zf, t, w - t, zp), Box("east wall", w - t, t, zf, w, w - t, zp)]
    reach = lay.hw.board["baffle"]["boss"] / 2
    g = lay.grid
    out.append(Box("baffle", g.x0 - reach, g.y0 - reach, lay.z_baffle, g.x1 + reach, g.y1 + reach, zp))
    for p in posts(lay):
        r = post_rect(p)
        out.append(Box(p.name, r.x0, r.y0, zf, r.x1, r.y1, zf + p.height))
    for m in lay.mounted:
        o = m.outline
        out.append(Box(m.name, o.x0, o.y0, m.z0, o.x1, o.y1, m.top))
    for r in lay.readers:
        b = r.board
        out.append(Box(f"reader {r.corner}", b.x0, b.y0, zp - parts["reader"]["size"][2], b.x1, b.y1, zp))
    for h in lay.holes:
        if h.kind == "control":
            p, k = parts["control_button"], parts["control_button"]["nut"] / 2
            out.append(Box(f"{h.name} button", h.x - k, h.y - k, zp - p["depth"], h.x + k, h.y + k, zp))
        elif h.kind == "tower":  # only what hangs below the baffle; inside it, baffle_problems checks
            p, k = parts["tower_button"], parts["tower_button"]["body"] / 2
            if zp - p["depth"] < lay.z_baffle:
                out.append(Box(f"{h.name} button", h.x - k, h.y - k, zp - p["depth"], h.x + k, h.y + k, lay.z_baffle))
        elif h.kind == "seat":
            led, k = parts["small_led"], parts["small_led"]["diameter"] / 2
            out.append(Box(f"{h.name} LED", h.x - k, h.y - k, zp - led["length"], h.x + k, h.y + k, zp))
    for name, u, v, ow, oh, _ in wall_openings(lay):  # what is mounted through the north wall
        out.append(Box(f"{name} (inside)", u - ow / 2 - 2, t, zf + v - oh / 2 - 2, u + ow / 2 + 2, t + 25,
                       zf + v + oh / 2 + 2))
    return out


def collision_problems(lay: Layout) -> list:
    boxes, out = solids(lay), []
    plugged = {frozenset((m.name, m.on)) for m in lay.mounted if m.on}  # a board in another's sockets
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            if boxes[a].hits(boxes[b]) and frozenset((boxes[a].name, boxes[b].name)) not in plugged:
                out.append(f"{boxes[a].name} collides with {boxes[b].name}")
    return out


def printability_problems(lay: Layout, pieces) -> list:
    b, out = lay.hw.board, []
    mw = b["print"]["min_wall"]
    rad = baffle_radii(lay)
    walls = {"baffle rib": b["baffle"]["rib"], "LED tray": b["baffle"]["floor"],
             "button sleeve wall": rad["sleeve"] - rad["body"], "wall layer": b["enclosure"]["wall"] / 2,
             "floor layer": b["enclosure"]["floor"] / 2, "standoff wall": STANDOFF_WALL,
             "diffuser lip": b["diffuser"]["lip_height"], "panel between window and tower hole":
             (lay.pitch - b["panel"]["tile_window"] - lay.hw.parts["tower_button"]["hole"]) / 2}
    out += [f"{name} is {v:g} mm, under the printable {mw:g} mm" for name, v in walls.items() if v < mw]
    if sleeve_height(lay) <= 0:
        out.append("no room for the button sleeves: baffle.height is too small")
    out += [f"{p.name} ({p.size[0]:g} x {p.size[1]:g} mm) does not fit the {b['print']['bed'][0]:g} mm bed"
            for p in pieces if p.printed and not fits(p.size, b["print"]["bed"])]
    seams = set()
    for corner in ("NW", "NE", "SW", "SE"):
        _, up = base_layers(lay, corner)
        seams |= {up.x0, up.x1, up.y0, up.y1} - {0, lay.width}
    for p in posts(lay):
        r = post_rect(p)
        if any(r.x0 < s < r.x1 or r.y0 < s < r.y1 for s in seams):
            out.append(f"{p.name} straddles a seam between base pieces; move its part in board.toml [layout]")
    return out


def all_problems(lay: Layout, pieces) -> list:
    return panel_problems(lay) + baffle_problems(lay) + collision_problems(lay) + printability_problems(lay, pieces)
