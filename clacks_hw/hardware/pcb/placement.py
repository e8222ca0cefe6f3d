"""Where every part sits on the carrier (mm, KiCad's frame: x right, y down, origin at the
board's top-left corner; the top edge faces north in the box when layout.power_board.rotate
is 0).

The Pi ribbon header sits left of the middle with the button connectors either side of it, so
each header column's tracks leave towards its own connectors; the Pico's sockets are right
of it, the four reader connectors at the board's corners (each reader plugs into the corner
nearest it, which keeps its SPI wires short), the power entry, fuse and the bulk capacitor
along the bottom edge next to the LED connector.
"""

from __future__ import annotations

import math

from .circuit import Carrier, button_groups

SIZE = (120.0, 90.0)
PICO_PIN1 = (70.0, 14.0)  # the socket J10's pin 1 = the Pico's pin 1 (its USB end, north)
PICO_ROWS = 17.78  # the Pico's two pin rows, 0.7 in apart; 20 pins a row at 2.54 mm

HOLES = ((4.0, 4.0), (116.0, 4.0), (4.0, 86.0), (116.0, 86.0))  # M3, 4 mm in from each corner
# Reader connector slots: (x, y) of pin 1, and the board corner each serves.
READER_SLOTS = {"SE": (94.0, 86.0), "SW": (11.0, 86.0), "NW": (11.0, 4.0), "NE": (94.0, 4.0)}
FIXED = {
    "J1": (12.0, 77.0, 0), "F1": (22.0, 79.5, 0), "C1": (74.0, 80.0, 0),
    "J2": (24.0, 16.0, 0), "J3": (45.0, 3.4525, 180), "R3": (42.0, 11.5, 0), "R4": (42.0, 15.5, 0),
    "U1": (36.0, 55.0, 0), "C2": (48.0, 55.0, 270), "R5": (52.0, 73.0, 270), "R6": (33.0, 75.0, 0),
    "JP1": (52.0, 60.0, 0), "R1": (56.0, 70.0, 270), "J4": (52.0, 86.0, 0),
    "J10": (*PICO_PIN1, 0), "J11": (PICO_PIN1[0] + PICO_ROWS, PICO_PIN1[1], 0), "R7": (94.0, 50.0, 0), "R8": (94.0, 54.0, 0),
    "U2": (100.0, 70.0, 0), "C3": (96.0, 76.0, 0), "C4": (108.0, 62.0, 0),
}
# Reference legends moved where the footprint's default would leave the board or sit on another
# part's legend (absolute, mm); mounting holes carry none.
LABELS = {"J14": (18.5, 9.3), "J15": (101.5, 9.3), "J13": (31.5, 86.0), "J12": (88.5, 86.0), "J4": (60.0, 82.0),
          "C2": (48.0, 51.5), "JP1": (55.7, 62.5), "R5": (49.3, 77.0), "R3": (52.3, 11.5), "R4": (52.3, 15.5),
          "J3": (54.0, 5.5), "R7": (104.4, 50.0), "R8": (104.4, 54.0), "F1": (47.0, 79.5)}
BUTTON_SLOTS = {1: [(9.0, 12.0), (9.0, 42.0)], 0: [(37.0, 13.0), (37.0, 34.0)]}  # odd / even header column


def pico_outline() -> tuple:
    """The Pico's board on the carrier (x0, y0, x1, y1): 51 x 21 mm around its pins."""
    x, y = PICO_PIN1
    edge_x, edge_y = (21.0 - PICO_ROWS) / 2, (51.0 - 19 * 2.54) / 2
    return (x - edge_x, y - edge_y, x + PICO_ROWS + edge_x, y + 19 * 2.54 + edge_y)


def reader_corners(lay, cfg) -> list:
    """The carrier corner each reader plugs into (reader 0 first): the free corner nearest it."""
    free = dict(READER_SLOTS)
    out = []
    for r in (lay.readers if lay is not None else []):
        target = ((r.board.x0 + r.board.x1) / 2, (r.board.y0 + r.board.y1) / 2)
        best = min(free, key=lambda c: math.dist(to_plan(lay, free[c]), target))
        out.append(best)
        del free[best]
    return out + [c for c in READER_SLOTS if c in free and c not in out]


def to_plan(lay, p: tuple) -> tuple:
    """A carrier point in the board's plan (x east, y south), from the carrier's layout."""
    m = next(m for m in lay.mounted if m.name == "power_board")
    turned = lay.hw.board["layout"]["power_board"]["rotate"] == 90
    x, y = p
    # Turned a quarter clockwise seen from above: the carrier's top edge faces east.
    return (m.outline.x1 - y, m.outline.y0 + x) if turned else (m.outline.x0 + x, m.outline.y0 + y)


def place(c: Carrier, cfg, lay=None) -> dict:
    """ref -> (x, y, rotation in degrees)."""
    at = dict(FIXED)
    groups = button_groups(cfg)
    ref = 5
    for parity in (1, 0):
        slots = iter(BUTTON_SLOTS[parity])
        for group in groups:
            first = next(name for name, _ in cfg.buttons.pins if name == group[0])
            if _parity(cfg, first) == parity:
                x, y = next(slots)
                at[f"J{ref}"] = (x, y, 270)
                ref += 1
    for k, corner in enumerate(reader_corners(lay, cfg)):
        x, y = READER_SLOTS[corner]
        at[f"J{12 + k}"] = (x, y, 0)
    for k, (x, y) in enumerate(HOLES):
        at[f"H{k + 1}"] = (x, y, 0)
    missing = [p.ref for p in c.parts if p.ref not in at]
    if missing:
        raise ValueError(f"no place on the carrier for {', '.join(missing)}")
    return at


def _parity(cfg, name: str) -> int:
    from ...drivers.pi import HEADER_PIN
    return HEADER_PIN[dict(cfg.buttons.pins)[name]] % 2


PITCH = {"_XH_": 2.5, "_VH_": 3.96}


def connector_centre(footprint: str, at: tuple, pins: int) -> tuple:
    """The middle of a connector on the carrier (where its cable leaves), from its pin 1."""
    import math as _m
    x, y, rot = at
    if "IDC-Header_2x20" in footprint:
        dx, dy = 1.27, 19 * 2.54 / 2
    elif "USB_C" in footprint:
        return (x, y)
    else:
        pitch = next(v for k, v in PITCH.items() if k in footprint)
        dx, dy = (pins - 1) * pitch / 2, 0.0
    a = _m.radians(rot)
    return (x + dx * _m.cos(a) + dy * _m.sin(a), y - dx * _m.sin(a) + dy * _m.cos(a))
