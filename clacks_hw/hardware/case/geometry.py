"""The laser-cut case from its data: every layer's height and cut-outs, the screws and
standoffs, and where the board's parts are, in the panel's plan (x east, y south) and heights
from the bottom sheet's underside.

The panel's lamps and buttons come from board.toml (layout.py), the board's parts from
mainboard.toml (circuit.py), the readers' boards from board.toml's reader corners; nothing
here repeats a figure those files hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..data import HardwareError
from ..layout import Rect, layout
from ..mainboard.circuit import build_board
from ..mainboard.data import load_mainboard
from ..mainboard.placement import courtyard
from .data import load_case

SEATS4 = ("S", "W", "N", "E")
HEADER_X = (9.5, 30.5)  # the reader's 8-pin header along its far end, from its left edge (parts.toml reader model)


@dataclass(frozen=True)
class Cut:
    """One cut-out: a rounded rectangle (x0, y0, x1, y1, r), a circle (x, y, d) or a hexagon
    (x, y, across flats); ``what`` names it in messages."""

    shape: str  # rect | circle | hex
    v: tuple
    what: str

    @property
    def box(self) -> tuple:
        if self.shape == "rect":
            return self.v[:4]
        x, y, d = self.v
        r = d / 2 if self.shape == "circle" else d / math.sqrt(3)
        return (x - r, y - r, x + r, y + r)


def rect(r: Rect, radius: float, what: str) -> Cut:
    return Cut("rect", (r.x0, r.y0, r.x1, r.y1, radius), what)


def square(x: float, y: float, w: float, radius: float, what: str) -> Cut:
    return Cut("rect", (x - w / 2, y - w / 2, x + w / 2, y + w / 2, radius), what)


def grow(r: Rect, by: float) -> Rect:
    return Rect(r.x0 - by, r.y0 - by, r.x1 + by, r.y1 + by)


@dataclass
class Layer:
    name: str
    title: str
    material: str
    thickness: float
    z0: float
    cuts: list = field(default_factory=list)  # Cut
    engrave: bool = False

    @property
    def z1(self) -> float:
        return self.z0 + self.thickness


@dataclass
class Case:
    data: dict
    lay: object  # the panel's layout (four readers)
    board: object  # the circuit board (circuit.Board)
    width: float
    radius: float
    layers: list
    z_board: float  # the board's underside
    thickness: float  # the board's
    readers: list  # (header ref, reader board Rect, pocket Rect, plug zone Rect, channel legs)

    def layer(self, name: str) -> Layer:
        return next(x for x in self.layers if x.name == name)

    @property
    def board_top(self) -> float:
        return self.z_board + self.thickness

    @property
    def height(self) -> float:
        return self.layers[-1].z1

    def parts(self, kind: str) -> list:
        return [p for p in self.board.parts if p.kind == kind]

    def keycap_width(self, z0: float, z1: float) -> float:
        """The widest a keycap is between heights z0 and z1, anywhere in its travel (0: it never
        reaches there)."""
        k = self.data["keycap"]
        plate_top = self.layer("plate").z1
        lo, hi = plate_top + k["seat"] - k["travel"], plate_top + k["seat"] + k["height"]
        if z1 <= lo or z0 >= hi:
            return 0.0
        h = max(0.0, z0 - (plate_top + k["seat"]))  # the lowest part of the cap in [z0, z1], the cap up
        return k["base"] - (k["base"] - k["top"]) * min(h, k["height"]) / k["height"]


def case(hw, data: dict | None = None) -> Case:
    """The case for the board on the shipped panel, four readers in the corners."""
    data = data or load_case()
    lay = layout(hw, SEATS4)
    board = build_board(load_mainboard(), layout(hw))
    b = board.data["board"]
    mats, z = data["material"], 0.0
    layers = []
    for spec in data["layer"]:
        if spec["material"] not in mats:
            raise HardwareError(f"case.toml: layer {spec['name']} names material {spec['material']!r}; "
                                f"use one of {', '.join(mats)}")
        t = mats[spec["material"]]["thickness"]
        layers.append(Layer(spec["name"], spec["title"], spec["material"], t, z, engrave="engrave" in spec["cut"]))
        z += t
    names = [x.name for x in layers]
    for need in ("ledge", "plate", "panel"):
        if need not in names:
            raise HardwareError(f"case.toml: no layer named {need!r}: the case needs its ledge, plate and panel")
    ledge = layers[names.index("ledge")]
    c = Case(data, lay, board, lay.width, hw.board["panel"]["corner_radius"], layers, ledge.z1, b["thickness"], [])
    c.readers = _readers(c)
    for spec, layer in zip(data["layer"], layers):
        for kind in spec["cut"]:
            if kind == "engrave":
                continue
            if kind not in CUTS:
                raise HardwareError(f"case.toml: layer {spec['name']} cuts {kind!r}; use one of {', '.join(CUTS)}")
            layer.cuts += CUTS[kind](c, layer)
    return c


def outline(c: Case) -> Rect:
    x0, y0, x1, y1 = c.board.data["board"]["outline"]
    return Rect(x0, y0, x1, y1)


def _screws(c, layer):
    d = c.data["cut"]["screw_hole"]
    return [Cut("circle", (x, y, d), f"screw at ({x:g}, {y:g})") for x, y in c.data["screws"]["at"]]


def _standoffs(c, layer):
    s = c.data["screws"]["standoff"]
    return [Cut("hex", (x, y, s["flats"] + 2 * s["fit"]), f"standoff at ({x:g}, {y:g})") for x, y in c.data["screws"]["at"]]


def _cavity(c, layer):
    return [rect(grow(outline(c), -c.data["board"]["ledge"]), 0.0, "room under the board")]


def _board(c, layer):
    return [rect(grow(outline(c), c.data["cut"]["fit"]), 0.0, "the board's frame")]


def usb_plug(c: Case) -> tuple:
    """The plug's overmold in the inlet, as a box (x0, y0, z0, x1, y1, z1): from the mouth at the
    board's edge out to the case's edge."""
    u = c.data["usb"]
    j = c.board.part(u["part"])
    w, h = u["overmold"]
    zc = c.board_top + u["mouth_z"]
    return (j.at[0] - w / 2, -1.0, zc - h / 2, j.at[0] + w / 2, outline(c).y0, zc + h / 2)


def _usb(c, layer):
    x0, _, z0, x1, y1, z1 = usb_plug(c)
    e = c.data["usb"]["clearance"]
    return [rect(Rect(x0 - e, -1.0, x1 + e, y1 + c.data["cut"]["fit"]), 0.0, "the USB-C plug's tunnel")]


def _switches(c, layer):
    w = c.data["plate"]["cutout"]
    return [square(*p.at, w, 0.0, f"switch {p.role.split(' ')[0]}") for p in c.parts("socket")]


def _windows(c, layer):
    r = c.lay.hw.board["panel"]["window_radius"]
    return [rect(w, r, f"lamp window {i}") for i, w in c.lay.windows]


def _keycaps(c, layer):
    k = c.data["keycap"]
    w = c.keycap_width(layer.z0, layer.z1)
    if w == 0:
        return []
    return [square(*p.at, w + 2 * k["clearance"], k["radius"], f"keycap {p.role.split(' ')[0]}") for p in c.parts("socket")]


def seat_leds(c: Case) -> list:
    return [p for p in c.parts("key_led") if p.role.startswith("seat ")]


def _seats(c, layer):
    d = c.data["plate"]["seat_panel" if layer.name == "panel" else "seat_hole"]
    return [Cut("circle", (*p.at, d), p.role) for p in seat_leds(c)]


def tall_parts(c: Case) -> list:
    """(part, height over the board's top, hole diameter) of every part taller than the gap under the plate."""
    t = c.data["tall"]
    return [(p, t[p.kind]["height"], t[p.kind]["d"]) for p in c.board.parts if p.kind in t and isinstance(t[p.kind], dict)]


def _tall(c, layer):
    out = []
    for p, h, d in tall_parts(c):
        box = courtyard(c.board, p)
        if layer.z0 < c.board_top + h + c.data["cut"]["min_wall"]:
            out.append(Cut("circle", ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, d), f"{p.ref} ({p.role or p.kind})"))
    return out


def well(c: Case, ref: str) -> Rect:
    x0, y0, x1, y1 = courtyard(c.board, c.board.part(ref))
    return grow(Rect(x0, y0, x1, y1), c.data["readers"]["well"])


def _wells(c, layer):
    return [rect(well(c, ref), 0.0, f"well over {ref}") for ref, *_ in c.readers]


def _readers(c: Case) -> list:
    """Each reader with its header on the board, its pocket, the zone its plug and wires take
    past its far end, and the channel's leg to its header's well, beside the lamp grid."""
    r = c.data["readers"]
    by_corner = {rd.corner: rd for rd in c.lay.readers}
    wins = [w for _, w in c.lay.windows]
    west, east = min(w.x0 for w in wins) - r["wall"], max(w.x1 for w in wins) + r["wall"]
    out = []
    for ref, corner, _ in c.board.readers:
        rd = by_corner[corner].board
        pocket = grow(rd, r["fit"])
        hx0, hx1 = rd.x0 + HEADER_X[0] - 2, rd.x0 + HEADER_X[1] + 2
        reach = r["plug"] + r["bend"]
        y0, y1 = (rd.y1, rd.y1 + reach) if corner.startswith("N") else (rd.y0 - reach, rd.y0)
        lx0, lx1 = (west - r["channel"], west) if corner.endswith("W") else (east, east + r["channel"])
        plug = Rect(min(hx0, lx0), y0, max(hx1, lx1), y1)
        wl = well(c, ref)
        leg = Rect(lx0, min(y0, wl.y0), lx1, max(y1, wl.y1))
        out.append((ref, rd, pocket, plug, leg))
    return out


def _channels(c, layer):
    out = []
    for ref, _, _, plug, leg in c.readers:
        out += [rect(plug, 0.0, f"{ref}'s cable at its reader"), rect(leg, 0.0, f"{ref}'s cable channel")]
    return out


def _pockets(c, layer):
    return [rect(pocket, 0.0, f"{ref}'s reader") for ref, _, pocket, _, _ in c.readers]


CUTS = {"screws": _screws, "standoffs": _standoffs, "cavity": _cavity, "board": _board, "usb": _usb,
        "switches": _switches, "windows": _windows, "keycaps": _keycaps, "seats": _seats, "tall": _tall,
        "wells": _wells, "channels": _channels, "pockets": _pockets}
