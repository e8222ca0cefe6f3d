"""Geometry of the Clacks exchange: lamps, seat colours, towers and how a seat reads a tower.

Lamp ``i = 4*row + col`` is bit ``i`` of a 16-bit board. Everything here is fixed by the
physical board, not by the edition, and is precomputed once into tables so the engine's hot
paths are integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.table import SEATS, TOWER_BUTTONS
from ..core.table import TOWER_COLOUR as COLOUR  # noqa: F401  (the seats' tower colours, as Clacks names them)

FULL = 0xFFFF


def lamp(row: int, col: int) -> int:
    return 4 * row + col


def lamps_of(mask: int) -> list[int]:
    """The lamp indices set in ``mask``, ascending (the journal's ``lamps`` list)."""
    return [i for i in range(16) if mask >> i & 1]


def mask_of(lamps) -> int:
    m = 0
    for i in lamps:
        m |= 1 << i
    return m


def view(seat: str, row: int, col: int) -> tuple[int, int]:
    """(vr, vc) of a lamp as seen from ``seat``: vr grows towards the player, vc to their right."""
    if seat == "S":
        return row, col
    if seat == "N":
        return 3 - row, 3 - col
    if seat == "W":
        return 3 - col, row
    return col, 3 - row  # E


@dataclass(frozen=True)
class Tower:
    index: int  # 0..11: R1..R6 then G1..G6
    name: str
    colour: str
    mask: int
    button: tuple[int, int]  # (x, y) on its colour's button grid

    def __repr__(self) -> str:
        return self.name


def _make_towers() -> tuple[Tower, ...]:
    """A tower is the lamps under its button's place: a red one 2 columns x 3 rows, a green one
    3 columns x 2 rows (the buttons: core/table.py)."""
    towers = []
    for name, (colour, (c, r)) in TOWER_BUTTONS.items():
        rows, cols = (3, 2) if colour == "red" else (2, 3)
        m = mask_of(lamp(rr, cc) for rr in range(r, r + rows) for cc in range(c, c + cols))
        towers.append(Tower(len(towers), name, colour, m, (c, r)))
    return tuple(towers)


TOWERS = _make_towers()
TOWER_BY_NAME = {t.name: t for t in TOWERS}
TOWERS_OF = {colour: tuple(t for t in TOWERS if t.colour == colour) for colour in ("red", "green")}


def distance(a: int, b: int) -> int:
    """Stress points to move between two buttons of one colour: Manhattan distance."""
    (ax, ay), (bx, by) = TOWERS[a].button, TOWERS[b].button
    return abs(ax - bx) + abs(ay - by)


def _read_cells(seat: str, tower: Tower) -> tuple[int, ...] | None:
    """The tower's 6 lamps in signal order (top-left, top-right, ... bottom-right) from ``seat``.

    None when the seat would read the block sideways (a tower of the other colour).
    """
    cells = [(view(seat, i // 4, i % 4), i) for i in lamps_of(tower.mask)]
    vr0 = min(v[0] for v, _ in cells)
    vc0 = min(v[1] for v, _ in cells)
    if max(v[0] for v, _ in cells) - vr0 != 2:
        return None
    order = sorted(cells, key=lambda x: (x[0][0] - vr0) * 2 + (x[0][1] - vc0))
    return tuple(i for _, i in order)


READ_CELLS = {seat: tuple(_read_cells(seat, t) for t in TOWERS) for seat in SEATS}


def signal_mask(seat: str, tower: int, bits: int) -> int:
    """The board lamps that are on when ``tower`` shows the 6-bit signal ``bits`` to ``seat``."""
    cells = READ_CELLS[seat][tower]
    m = 0
    for k, i in enumerate(cells):
        if bits >> k & 1:
            m |= 1 << i
    return m


def read_tower(board: int, seat: str, tower: int) -> int:
    """The 6-bit signal ``tower`` shows to ``seat`` (bit k = cell k in signal order)."""
    bits = 0
    for k, i in enumerate(READ_CELLS[seat][tower]):
        bits |= (board >> i & 1) << k
    return bits


def local_bits(tower: int, mask: int) -> int:
    """Compress the lamps of ``mask`` inside ``tower`` to 6 bits (tower lamps in index order)."""
    bits = 0
    for k, i in enumerate(lamps_of(TOWERS[tower].mask)):
        bits |= (mask >> i & 1) << k
    return bits
