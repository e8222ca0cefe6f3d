"""Where everything is, computed once from the data: the plan (x east, y south, from the
panel's north-west corner): the lamp windows, the buttons' and seats' places and the
card readers' corners, which the circuit board and the laser-cut case are both drawn from.

Each tower's button sits at the centre of the six lamps it selects, straight from the
engine's tower definitions, so the panel cannot drift from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.clacks.board import TOWERS, lamps_of
from ..game.core.table import SEATS
from .data import Hardware, HardwareError


@dataclass(frozen=True)
class Hole:
    name: str
    kind: str  # tower | control | seat
    x: float
    y: float
    d: float


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Reader:
    seat: str | None  # None: the one shared reader
    corner: str
    board: Rect
    antenna: Rect


@dataclass
class Layout:
    hw: Hardware
    width: float
    pitch: float
    margin: float
    windows: list  # (lamp index, Rect)
    holes: list  # Hole
    readers: list  # Reader
    lamp_leds: list  # (lamp index, x, y)

    @property
    def grid(self) -> Rect:
        m = self.margin
        return Rect(m, m, m + 4 * self.pitch, m + 4 * self.pitch)

    def holes_of(self, kind: str) -> list:
        return [h for h in self.holes if h.kind == kind]


def layout(hw: Hardware, reader_seats=()) -> Layout:
    """Everything's place, with a reader at each of ``reader_seats`` (none: one shared)."""
    from .case.data import load_case  # the panel's holes are the case's: its keycaps and seat windows
    case = load_case()
    key, seat_d = case["keycap"], case["plate"]["seat_panel"]
    key_d = key["base"] + 2 * key["clearance"]
    panel = hw.board["panel"]
    pitch, win, m = panel["tile_pitch"], panel["tile_window"], panel["margin"]
    if key_d + 2 > pitch - win:
        raise HardwareError(
            f"board.toml: the {pitch - win:g} mm between lamp windows cannot take a {key_d:g} mm keycap hole "
            "(case.toml keycap.base and clearance) with 1 mm either side; raise panel.tile_pitch or lower panel.tile_window")
    grid = 4 * pitch
    width = grid + 2 * m
    windows, leds = [], []
    for i in range(16):
        row, col = divmod(i, 4)
        cx, cy = m + (col + 0.5) * pitch, m + (row + 0.5) * pitch
        windows.append((i, Rect(cx - win / 2, cy - win / 2, cx + win / 2, cy + win / 2)))
        leds.append((i, cx, cy))
    holes = []
    for t in TOWERS:  # at the centre of the tower's 6 lamps
        cells = [divmod(i, 4) for i in lamps_of(t.mask)]
        cx = m + (sum(c for _, c in cells) / 6 + 0.5) * pitch
        cy = m + (sum(r for r, _ in cells) / 6 + 0.5) * pitch
        holes.append(Hole(t.name, "tower", cx, cy, key_d))
    centre, inset = width / 2, panel["seat_led_inset"]
    seat_at = {"N": (centre, inset), "S": (centre, width - inset), "W": (inset, centre), "E": (width - inset, centre)}
    for seat in ("S", "W", "N", "E"):
        holes.append(Hole(f"seat {seat}", "seat", *seat_at[seat], seat_d))
    n = len(panel["controls"])
    for k, name in enumerate(panel["controls"]):  # a row in the south (front) margin
        holes.append(Hole(name, "control", m + grid * (k + 0.5) / n, m + grid + panel["control_row"] * m,
                          key_d))
    lay = Layout(hw, width, pitch, m, windows, holes, [], leds)
    lay.readers = [_reader(lay, seat) for seat in (reader_seats or [None])]
    return lay


def _reader(lay: Layout, seat: str | None) -> Reader:
    b, part = lay.hw.board, lay.hw.parts["reader"]
    corner = b["readers"]["shared"] if seat is None else b["readers"]["corner"][seat]
    bw, bl = part["size"][0], part["size"][1]
    edge = b["readers"]["edge"]
    x0 = edge if corner.endswith("W") else lay.width - edge - bw
    y0 = edge if corner.startswith("N") else lay.width - edge - bl
    board = Rect(x0, y0, x0 + bw, y0 + bl)

    def at(bx, by):  # the board's own frame: from the left corner of its antenna end, the corner end
        return x0 + bx, (y0 + by if corner.startswith("N") else board.y1 - by)

    ax, ay, aw, al = part["antenna"]
    (a_x0, a_ya), (_, a_yb) = at(ax, ay), at(ax + aw, ay + al)
    antenna = Rect(a_x0, min(a_ya, a_yb), a_x0 + aw, max(a_ya, a_yb))
    return Reader(seat, corner, board, antenna)


def seats_of_readers(reader_seats) -> list:
    """reader.seats as the layout wants it: seat names in the hub's reader order ([] = shared)."""
    return [s for s in reader_seats if s in SEATS]
