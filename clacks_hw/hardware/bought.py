"""Bounding models of the bought parts (boards, buttons, LEDs, jacks, screws, inserts) and where
each copy goes, so the assembly check sees them as it sees the printed parts.

A model is the boxes and cylinders of parts.toml's ``model`` (or, for buttons, fasteners, made
from their sizes), in the part's own frame: mating.py and parts.toml's header say which.
"""

from __future__ import annotations

from .layout import Layout
from .mating import DOWN, Placement, Screw, along
from .pieces import Piece
from .scad import HEADER, n

FN = 24  # facets of a bought part's cylinders: a bounding model, not a drawing
BOARDS = ("pi", "hub", "power_board")


def solids(hw, key: str) -> list:
    """The model of parts.toml[key] as ("box", [x, y, z, w, l, h]) and ("cyl", [x, y, z, d, h])."""
    p, t = hw.parts[key], hw.board["panel"]["thickness"]
    if key.endswith("_button"):  # frame: z = 0 on the panel's top face
        # the flange on the panel, the case through its hole, behind it what stands `depth` deep
        return [("cyl", [0, 0, 0, p["bezel"], p["bezel_height"]]), ("cyl", [0, 0, -t, p["hole"], t]),
                ("cyl", [0, 0, -t - p["depth"], p["body"], p["depth"]]),
                ("cyl", [0, 0, -t - p["nut_height"], p["nut"], p["nut_height"]])]
    if key.startswith("screw_"):  # frame: z = 0 under the head
        return [("cyl", [0, 0, 0, p["head"], p["head_height"]]), ("cyl", [0, 0, -p["length"], p["diameter"], p["length"]])]
    if key.startswith("insert_"):  # frame: z = 0 at the hole's mouth
        return [("cyl", [0, 0, -p["length"], p["od"], p["length"]])]
    return [next(iter(s.items())) for s in p["model"]]


def cuts(hw, key: str) -> list:
    """What a board's model leaves out, as ("cyl", [x, y, z, d, h]): its drilled holes, and the
    ring around each above the PCB where the screw head bears. (Under the board the model stays
    whole: a standoff there must keep clear of it, mounting.py.)"""
    p = hw.parts[key]
    if "holes" not in p or "keepout" not in p:
        return []
    model = solids(hw, key)
    t = p["size"][2]
    bottom, top = min(v[2] for _, v in model) - 1, max(v[2] + v[-1] for _, v in model) + 1
    out = []
    for x, y in p["holes"] + p.get("pegs", []):  # a reader's peg holes take printed pegs
        out.append(("cyl", [x, y, bottom, p["hole"], top - bottom]))
        out.append(("cyl", [x, y, t, p["keepout"], top - t]))
    return out


def _scad_solid(kind: str, v: list) -> str:
    if kind == "box":
        return f"translate([{n(v[0])}, {n(v[1])}, {n(v[2])}]) cube([{n(v[3])}, {n(v[4])}, {n(v[5])}]);"
    return f"translate([{n(v[0])}, {n(v[1])}, {n(v[2])}]) cylinder(d={n(v[3])}, h={n(v[4])});"


def model_scad(hw, key: str) -> str:
    body = "union() {\n" + "".join(f"  {_scad_solid(*s)}\n" for s in solids(hw, key)) + "}"
    holes = cuts(hw, key)
    if holes:
        body = "difference() {\n" + body + "\n" + "".join(f"  {_scad_solid(*c)}\n" for c in holes) + "}"
    return HEADER + f"// Bounding model of a bought part ({hw.parts[key]['name']}): not to print.\n$fn = {FN};\n\n{body}\n"


def _board_placements(lay: Layout, key: str) -> tuple:
    """A mounted board: rotate 0 puts its x east and y north; 90 turns it clockwise (x south, y east)."""
    m = next(m for m in lay.mounted if m.name == key)
    o, w = m.outline, lay.width
    if m.turned:
        return (Placement((o.x0, w - o.y0, m.z0), (0.0, 0.0, -90.0)),)
    return (Placement((o.x0, w - o.y1, m.z0)),)


def _reader_placements(lay: Layout) -> tuple:
    """Each reader's antenna end (its frame's y = 0) towards its corner, in its cradle."""
    w, out = lay.width, []
    for r in lay.readers:
        z = r.z_top - lay.hw.parts["reader"]["size"][2]
        b, label = r.board, r.seat or "shared"
        if r.corner.startswith("N"):
            out.append(Placement((b.x1, w - b.y0, z), (0.0, 0.0, 180.0), label))
        else:
            out.append(Placement((b.x0, w - b.y1, z), (0.0, 0.0, 0.0), label))
    return tuple(out)


def _holes(lay: Layout, kind: str, z: float) -> tuple:
    return tuple(Placement((h.x, lay.width - h.y, z), (0.0, 0.0, 0.0), h.name) for h in lay.holes_of(kind))


def _wall_parts(lay: Layout) -> dict:
    """The jack and the USB socket through the north wall: their axis points south, into the box."""
    o = lay.hw.board["openings"]
    return {key: (Placement((o[at]["x"], lay.width, o[at]["z"]), (90.0, 0.0, 180.0), name),)
            for key, at, name in (("jack", "power", "power jack"), ("usb_extension", "usb", "USB"))}


def _piece(lay: Layout, key: str, placements: tuple, screws: tuple = ()) -> Piece:
    p = lay.hw.parts[key]
    return Piece(f"bought/{key}", p["name"], False, (0.0, 0.0, 0.0), model_scad(lay.hw, key), placements,
                 screws=screws, bought=True)


def bought_parts(lay: Layout) -> list:
    """Every bought part placed in the board (fasteners apart: fasteners() places them)."""
    hw, zp, t = lay.hw, lay.z_panel, lay.hw.board["panel"]["thickness"]
    out = []
    for key in BOARDS:
        p = hw.parts[key]
        screws = tuple(Screw(f"hole {k + 1}", (x, y, p["size"][2]), DOWN, p["screw"])
                       for k, (x, y) in enumerate(p.get("holes", ())))  # the Pico plugs in: no screws
        out.append(_piece(lay, key, _board_placements(lay, key), screws))
    reader = hw.parts["reader"]
    out.append(_piece(lay, "reader", _reader_placements(lay), tuple(
        Screw(f"hole {k + 1}", (x, y, reader["size"][2]), DOWN, reader["screw"]) for k, (x, y) in enumerate(reader["holes"]))))
    zl = lay.z_baffle + hw.board["baffle"]["floor"]
    out.append(_piece(lay, "lamp_led", tuple(Placement((x, lay.width - y, zl), (0.0, 0.0, 0.0), f"lamp {i}")
                                             for i, x, y in lay.lamp_leds)))
    out.append(_piece(lay, "small_led", _holes(lay, "seat", zp + t)))
    out.append(_piece(lay, "tower_button", _holes(lay, "tower", zp + t)))
    out.append(_piece(lay, "control_button", _holes(lay, "control", zp + t)))
    out += [_piece(lay, key, where) for key, where in _wall_parts(lay).items()]
    return out


def fasteners(lay: Layout, parts: list) -> list:
    """A piece per screw and insert kind, one copy wherever a part declares one (in the assembly frame)."""
    where: dict = {}
    for part in parts:
        for k, place in enumerate(part.placements):
            host = part.copy_name(k)
            for s in part.screws:
                where.setdefault(s.part, []).append(along(place.point(s.at), place.vector(s.axis), f"{host}: {s.name}"))
            for i in part.inserts:
                if i.part:
                    where.setdefault(i.part, []).append(along(place.point(i.at), place.vector(i.axis), f"{host}: {i.name}"))
    return [_piece(lay, key, tuple(places)) for key, places in sorted(where.items())]
