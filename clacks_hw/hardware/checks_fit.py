"""Checks of how the pieces are made and held: every wall printable and every piece on the
bed, joints that slide together and print without support, inserts with plastic round them,
readers held at their reading distance, the hub's standoffs against what hangs under it, and
enough wall for the vents the power budget needs. Each returns a list of problems.
"""

from __future__ import annotations

from .checks import baffle_problems, collision_problems, dist_to_rect, panel_problems
from .joints import lid_inserts, panel_keys, wall_seams
from .layout import Layout, Rect
from .parts_md import fits
from .scad_baffle import baffle_radii
from .scad_base import STANDOFF_WALL, post_rect, posts
from .vents import candidates, sizing
from .walls import fixed_holes, keepouts, structure


def _bbox(points) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def printability_problems(lay: Layout, pieces) -> list:
    b, out = lay.hw.board, []
    mw, j = b["print"]["min_wall"], b["joints"]
    rad = baffle_radii(lay)
    walls = {"baffle rib": b["baffle"]["rib"], "LED tray": b["baffle"]["floor"], "button ring": rad["ring"] - rad["body"],
             "wall": b["enclosure"]["wall"], "diffuser lip": b["diffuser"]["lip_height"],
             "standoff wall": min([(p.size - p.pilot) / 2 for p in posts(lay) if p.pilot], default=STANDOFF_WALL),
             "floor over a dovetail": b["enclosure"]["floor"] - j["dovetail_height"] - j["fit"],
             "wall beside a groove": (j["pilaster"][1] - j["tongue"][0]) / 2 - j["fit"],
             "panel between window and tower hole":
             (lay.pitch - b["panel"]["tile_window"] - lay.hw.parts["tower_button"]["hole"]) / 2}
    out += [f"{name} is {v:g} mm, under the printable {mw:g} mm" for name, v in walls.items() if round(v, 6) < mw]
    socket = j["dovetail"][1] + 2 * j["fit"]
    if socket > b["print"]["bridge"]:
        out.append(f"a floor dovetail's socket ({socket:g} mm across) is longer than the {b['print']['bridge']:g} mm "
                   "its roof may bridge: narrow joints.dovetail's head")
    out += [f"{p.name} ({p.size[0]:g} x {p.size[1]:g} mm) does not fit the {b['print']['bed'][0]:g} mm bed"
            for p in pieces if p.printed and not fits(p.size, b["print"]["bed"])]
    e, layer = b["panel_print"]["engrave"], b["print"]["layer"]
    if e < 2 * layer or abs(e / layer - round(e / layer)) > 1e-6:
        out.append(f"panel_print.engrave is {e:g} mm: the printed panel's engraving needs whole {layer:g} mm layers "
                   f"(print.layer), at least two; make it {max(2, round(e / layer)) * layer:g} mm")
    c = lay.width / 2
    for p in posts(lay):
        r = post_rect(p)
        if r.x0 < c < r.x1 or r.y0 < c < r.y1:
            out.append(f"{p.name} straddles a seam between base quarters; move its part in board.toml [layout]")
    return out


def joint_problems(lay: Layout) -> list:
    """The printed panel's keys clear of its holes and windows; inserts with plastic round them."""
    out, b = [], lay.hw.board
    mw, fit = b["print"]["min_wall"], b["joints"]["fit"]
    for k in panel_keys(lay):
        box = _bbox(k.outline)
        box = Rect(box.x0 - fit - mw, box.y0 - fit - mw, box.x1 + fit + mw, box.y1 + fit + mw)
        for h in lay.holes:
            if dist_to_rect(h.x, h.y, box) < h.d / 2:
                out.append(f"the printed panel's key at ({box.x0:.0f}, {box.y0:.0f}) runs into {h.name}'s hole")
        for i, w in lay.windows:
            if box.x0 < w.x1 and w.x0 < box.x1 and box.y0 < w.y1 and w.y0 < box.y1:
                out.append(f"the printed panel's key at ({box.x0:.0f}, {box.y0:.0f}) runs into lamp window {i}")
    ins, wall = lay.hw.parts["insert_m3"], b["lid"]["boss_wall"]
    need = ins["hole"] / 2 + wall
    pilasters = {side: p for side, _, p, _ in wall_seams(lay)}
    grooves = [_bbox(t.outline) for _, _, _, t in wall_seams(lay)]
    for i in lid_inserts(lay):
        if i.name.startswith("lid"):
            p = pilasters[i.name.split()[-1]]
            edge = min(i.x - p.x0, p.x1 - i.x, i.y - p.y0, p.y1 - i.y)
            groove = min(dist_to_rect(i.x, i.y, Rect(g.x0 - fit, g.y0 - fit, g.x1 + fit, g.y1 + fit)) for g in grooves)
            if min(edge, groove) < need:
                out.append(f"insert {i.name} has {min(edge, groove) - ins['hole'] / 2:.2f} mm of plastic round it; "
                           f"it needs {wall:g} (lid.boss_wall)")
        elif b["enclosure"]["pillar"] / 2 < need:
            out.append(f"the baffle pillars ({b['enclosure']['pillar']:g} mm) leave under {wall:g} mm round their inserts")
    return out


def reader_problems(lay: Layout) -> list:
    """Each reader held in its cradle, its antenna within the read range of a card on the panel,
    and no metal by its coil."""
    out, b, part = [], lay.hw.board, lay.hw.parts["reader"]
    rd = b["readers"]
    for r in lay.readers:
        reach = lay.z_panel + b["panel"]["thickness"] - r.z_top
        if reach > rd["read_range"]:
            out.append(f"reader {r.corner}: a card on the panel is {reach:.1f} mm from its antenna, beyond the "
                       f"{rd['read_range']:g} mm it reads at (readers.read_range)")
        if r.z_top + part["height"] > lay.z_panel - rd["above"] + 1e-9:
            out.append(f"reader {r.corner}: its parts touch the panel")
        head = 2.8  # an M3 pan head's radius
        for x, y in r.screws:
            if dist_to_rect(x, y, r.antenna) < head + 2:
                out.append(f"reader {r.corner}: a screw {dist_to_rect(x, y, r.antenna):.1f} mm from the antenna; "
                           "keep metal 2 mm clear of the coil (use pegs there)")
        if rd["gap"] - rd["fit"] < b["print"]["min_wall"]:
            out.append(f"readers.gap leaves a {rd['gap'] - rd['fit']:g} mm fence round the reader, under the "
                       f"printable {b['print']['min_wall']:g} mm")
    return out


def hub_problems(lay: Layout) -> list:
    """The hub's sockets (on the carrier) tall enough for what hangs under it, and the BOM buying
    what the model assumes (with headers or without)."""
    hub = lay.hw.parts["hub"]
    out = []
    if hub["socket"] < hub["below"]:  # it plugs into the carrier's sockets: its pins must fit them
        out.append(f"the reader hub's sockets on the carrier stand {hub['socket']:g} mm but {hub['below']:g} mm hangs "
                   f"under it: make hub.socket at least {hub['below']:g} mm")
    if hub["headers"] and not hub["below"]:
        out.append("parts.toml: hub.headers = true but nothing hangs under it (hub.below = 0): say how long its pins are")
    says = "without headers" if "without headers" in hub["example"] else "with headers" if "with headers" in hub["example"] else ""
    wanted = "with headers" if hub["headers"] else "without headers"
    if says != wanted:
        out.append(f"parts.toml: hub.headers = {str(hub['headers']).lower()} but the BOM buys the Pico "
                   f"'{hub['example']}': say '{wanted}' in hub.example")
    return out


def vent_problems(lay: Layout) -> list:
    v, out = lay.hw.board["vents"], []
    need = sizing(lay, lay.heat_w).slots
    if v["slot"][0] > lay.hw.board["print"]["bridge"]:
        out.append(f"vent slots {v['slot'][0]:g} mm wide cannot bridge their top (print.bridge)")
    for row in ("low", "high"):
        room = len(candidates(lay, keepouts(lay), lay.z_floor + v[row]))
        if room < need:
            out.append(f"the walls have room for {room} vent slots in the {row} row, the power budget's "
                       f"{lay.heat_w:.1f} W needs {need}")
    for h in fixed_holes(lay):
        for k in structure(lay):
            if k.side == h.side and k.u0 < h.span.u1 and h.span.u0 < k.u1:
                out.append(f"the {h.name} in the {h.side} wall runs into a wall joint or a reader's cradle")
    return out


def fit_problems(lay: Layout, pieces) -> list:
    return (printability_problems(lay, pieces) + joint_problems(lay) + reader_problems(lay) + hub_problems(lay)
            + vent_problems(lay))


def all_problems(lay: Layout, pieces) -> list:
    return panel_problems(lay) + baffle_problems(lay) + collision_problems(lay) + fit_problems(lay, pieces)
