"""Assembly checks computed from the layout: nothing collides, every cut-out keeps its
distance, the baffle keeps each lamp's light in its cell. Each returns a list of problems
(empty = fine); build-files and the tests run them all (with checks_fit.py's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .joints import wall_seams
from .layout import Layout, Rect
from .scad_baffle import baffle_radii, crossing_depth, grid_height
from .scad_base import CRADLE_LIP, cradle_rects, post_rect, posts


@dataclass(frozen=True)
class Box:
    name: str
    x0: float
    y0: float
    z0: float
    x1: float
    y1: float
    z1: float
    group: str = ""  # boxes of one printed piece may overlap each other

    def hits(self, o: Box) -> bool:
        return ((not self.group or self.group != o.group) and self.x0 < o.x1 and o.x0 < self.x1
                and self.y0 < o.y1 and o.y0 < self.y1 and self.z0 < o.z1 and o.z0 < self.z1)


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


def button_problems(lay: Layout) -> list:
    """Each button's nut (under the panel) and bezel (on it) against the lamp windows: the nut
    must stay off the diffuser's plug by enclosure.clearance as it turns, the bezel off its lip."""
    out, c = [], lay.hw.board["enclosure"]["clearance"]
    lip = lay.hw.board["diffuser"]["lip"]
    for h in lay.holes:
        if h.kind not in ("tower", "control"):
            continue
        p = lay.hw.parts[f"{h.kind}_button"]
        for i, w in lay.windows:
            gap = dist_to_rect(h.x, h.y, w)
            if gap < p["nut"] / 2 + c:
                out.append(f"{h.name}: the button's nut ({p['nut']:g} mm wide) comes within "
                           f"{gap - p['nut'] / 2:.2f} mm of lamp window {i}; it needs {c:g} mm")
            if gap - lip < p["bezel"] / 2:
                out.append(f"{h.name}: the button's bezel rests on lamp window {i}'s diffuser lip")
    return out + _datasheet_problems(lay)


def _datasheet_problems(lay: Layout) -> list:
    """What the buttons' datasheet asks of the panel: a thickness their nuts clamp, a cut-out
    within its tolerance (16 mm +0.2/0 for the A16), and no two nearer than their pitch."""
    parts, panel, out = lay.hw.parts, lay.hw.board["panel"], []
    for kind in ("tower", "control"):
        lo, hi = parts[f"{kind}_button"]["panel"]
        if not lo <= panel["thickness"] <= hi:
            out.append(f"the {panel['thickness']:g} mm panel is outside the {lo:g}-{hi:g} mm the {kind} button clamps")
    if not 0 <= panel["hole_fit"] <= 0.2:
        out.append(f"panel.hole_fit {panel['hole_fit']:g} mm cuts the buttons' holes outside their +0.2/0 mm tolerance")
    buttons = [h for h in lay.holes if h.kind in ("tower", "control")]
    for a in range(len(buttons)):
        for b in buttons[a + 1:]:
            ha, pitch = buttons[a], max(parts[f"{h.kind}_button"]["pitch"] for h in (buttons[a], b))
            if math.hypot(ha.x - b.x, ha.y - b.y) < pitch:
                out.append(f"{ha.name} and {b.name} stand closer than the buttons' {pitch:g} mm pitch")
    return out


def panel_problems(lay: Layout) -> list:
    out, mw = button_problems(lay), lay.hw.board["print"]["min_wall"]
    for h in lay.holes:
        for i, w in lay.windows:
            if dist_to_rect(h.x, h.y, w) < h.d / 2 + mw:
                out.append(f"{h.name} hole cuts into (or leaves less than {mw:g} mm beside) lamp window {i}")
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
    rad, btn = baffle_radii(lay), lay.hw.parts["tower_button"]
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
            if dist_to_rect(t.x, t.y, box) < rad["ring"] + 1:
                out.append(f"lamp LED {i} is in the way of {t.name}'s ring in the baffle")
            if math.hypot(t.x - wx, t.y - y) < rad["body"] + bf["wire_hole"] / 2 + 1:
                out.append(f"lamp {i}'s wire hole runs into {t.name}'s button hole in the tray")
    for t in towers:
        for i, w in lay.windows:
            if dist_to_rect(t.x, t.y, w) < rad["ring"]:
                out.append(f"{t.name}'s ring in the baffle shadows lamp window {i}")
    depth = crossing_depth(lay)
    if bf["nut_zone"] > depth - 0.5:
        out.append(f"baffle.nut_zone ({bf['nut_zone']:g} mm) must be at least 0.5 mm shallower than {depth:.2f} mm: "
                   "deeper, light passes over a button's ring into the next cell")
    if btn["nut_height"] + lay.hw.board["enclosure"]["clearance"] > bf["nut_zone"]:
        out.append(f"the tower button's nut ({btn['nut_height']:g} mm thick) does not fit the baffle's "
                   f"{bf['nut_zone']:g} mm nut zone")
    if btn["depth"] > grid_height(lay) + bf["floor"] + (lay.z_baffle - lay.z_floor) - 1:
        out.append("the tower buttons are deeper than the space under the panel")
    return out


def solids(lay: Layout) -> list:
    """Every part under the panel as boxes (round parts by their bounding square). The base's
    own features share the group "base": one print, so they may touch."""
    enc, parts, zp, zf = lay.hw.board["enclosure"], lay.hw.parts, lay.z_panel, lay.z_floor
    w, t = lay.width, enc["wall"]
    out = [Box("north wall", 0, 0, zf, w, t, zp, "base"), Box("south wall", 0, w - t, zf, w, w, zp, "base"),
           Box("west wall", 0, t, zf, t, w - t, zp, "base"), Box("east wall", w - t, t, zf, w, w - t, zp, "base"),
           Box("panel", 0, 0, zp, w, w, zp + lay.hw.board["panel"]["thickness"], "panel")]
    out += [Box(f"{side} wall joint", p.x0, p.y0, zf, p.x1, p.y1, zp, "base") for side, _, p, _ in wall_seams(lay)]
    reach = lay.hw.board["baffle"]["boss"] / 2
    g = lay.grid
    out.append(Box("baffle", g.x0 - reach, g.y0 - reach, lay.z_baffle, g.x1 + reach, g.y1 + reach, zp))
    for p in posts(lay):
        r = post_rect(p)
        out.append(Box(p.name, r.x0, r.y0, zf, r.x1, r.y1, zf + p.height, "base"))
    for m in lay.mounted:
        o = m.outline
        out.append(Box(m.name, o.x0, o.y0, m.z0, o.x1, o.y1, m.top))
    for r in lay.readers:
        b, part = r.board, parts["reader"]
        out.append(Box(f"reader {r.corner}", b.x0, b.y0, r.z_top - part["size"][2], b.x1, b.y1, r.z_top + part["height"]))
        rails, fences = cradle_rects(lay, r)
        z_under = r.z_top - part["size"][2]
        out += [Box(f"reader {r.corner} cradle", x.x0, x.y0, zf, x.x1, x.y1, z_under, "base") for x in rails]
        out += [Box(f"reader {r.corner} fence", x.x0, x.y0, zf, x.x1, x.y1, r.z_top + CRADLE_LIP, "base") for x in fences]
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
    o, usb = lay.hw.board["openings"], parts["usb_extension"]
    for name, x, z, size, depth in (("power jack", o["power"]["x"], o["power"]["z"], parts["jack"]["hole"] + 4, 25),
                                    ("USB", o["usb"]["x"], o["usb"]["z"], usb["screws"][0] + 6, 45)):
        out.append(Box(f"{name} (inside)", x - size / 2, t, z - 8, x + size / 2, t + depth, z + 8))
    return out


def collision_problems(lay: Layout) -> list:
    boxes, out = solids(lay), []
    plugged = {frozenset((m.name, m.on)) for m in lay.mounted if m.on}  # a board in another's sockets
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            if boxes[a].hits(boxes[b]) and frozenset((boxes[a].name, boxes[b].name)) not in plugged:
                out.append(f"{boxes[a].name} collides with {boxes[b].name}")
    return out
