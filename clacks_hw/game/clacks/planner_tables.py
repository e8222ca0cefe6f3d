"""The planner's tables for one edition, built when the edition loads: every shape's
placements projected onto every tower (6-bit local values) and the values every pair of
shapes reaches together, per tower and for all towers at once (bit 64 * tower + value)."""

from __future__ import annotations

from functools import reduce
from operator import or_

from ..core.table import SEATS
from .board import READ_CELLS, TOWERS, lamps_of
from .edition import Edition
from .turns import target_mask


def _make_local():
    tables = []
    for t in TOWERS:
        lamps = lamps_of(t.mask)
        table = {}
        for v in range(64):
            m = 0
            for k, i in enumerate(lamps):
                if v >> k & 1:
                    m |= 1 << i
            table[m] = v
        tables.append(table)
    return tables


LOCAL = _make_local()
MASKS = tuple(t.mask for t in TOWERS)
# tower -> local value -> its bit in a set over every tower (bit 64 * tower + value)
WIDE_BIT = tuple(tuple([1 << (64 * t + v) for v in range(64)]) for t in range(len(TOWERS)))


# The local values of every tower at once, 6 bits per tower (bits 6 * tower ...): local values
# XOR like the lamps they stand for, so a board's are its low byte's XOR its high byte's, and
# the value a tower still needs is the board's XOR the signal's.
def _packed(mask: int) -> int:
    return sum(LOCAL[t][mask & m] << 6 * t for t, m in enumerate(MASKS))


PACKED_LOW = tuple(_packed(b) for b in range(256))  # board & 0xFF -> packed local values
PACKED_HIGH = tuple(_packed(b << 8) for b in range(256))  # board >> 8 -> packed local values
# seat -> signal bits -> the packed local values of the lamps lit when each tower the seat
# reads shows them (0 for the towers it cannot read)
PACKED_TARGET = {seat: tuple(sum(_packed(target_mask(seat, t, bits)) & 63 << 6 * t
                                 for t in range(len(TOWERS)) if READ_CELLS[seat][t] is not None)
                             for bits in range(64)) for seat in SEATS}


# XOR-ing every value of a 64-bit set with 2**k swaps neighbouring blocks of 2**k bits.
_SWAPS = tuple((1 << k, sum(1 << i for i in range(64) if not i >> k & 1)) for k in range(6))


def _translates(x: int) -> list[int]:
    """``[{v ^ a : v in x} for a in range(64)]``, one block swap per entry."""
    out = [x]
    for shift, low in _SWAPS:
        out += [((y & low) << shift) | ((y >> shift) & low) for y in out]
    return out


class _ShapeOnTower:
    """One shape's placements projected onto one tower."""

    __slots__ = ("values", "masks", "every", "touching", "shifted")

    def __init__(self, tower: int, placements):
        local = LOCAL[tower]
        tmask = TOWERS[tower].mask
        # local value -> the first placement giving it (reversed: the first one written wins)
        self.masks = {local[m & tmask]: m for m in reversed(placements)}
        self.values = tuple(sorted(self.masks))
        self.every = sum([1 << v for v in self.values])
        self.touching = self.every & ~1  # value 0 = the card misses the tower
        self.shifted = _translates(self.every)


def _pair(a: _ShapeOnTower, b: _ShapeOnTower) -> tuple[int, int]:
    """(values two cards reach together, those with some lamp of the tower flipped)."""
    if len(a.values) > len(b.values):
        a, b = b, a
    missing = a.values[0] == 0  # a placement of ``a`` that misses the tower (value 0)
    both = reduce(or_, map(b.shifted.__getitem__, a.values[missing:]), 0)  # ``a`` touches
    if not missing:
        return both, both
    return both | b.every, both | b.touching


class Tables:
    """Per-edition tables, all built when the edition loads (``prepare``), so the first query
    costs what every later one does: each shape projected onto each tower, and the values
    every pair of shapes reaches together. Three or more cards are answered from the pairs,
    one projected value of each further card at a time."""

    def __init__(self, edition: Edition):
        self.card = {j.id: (j.cost, j.shape.name) for j in edition.jacquards.values()}
        self.info = {c: (c, *cost_shape) for c, cost_shape in self.card.items()}
        names = sorted(edition.shapes)
        self._on_tower = {(t, s): _ShapeOnTower(t, edition.shapes[s].placements)
                          for t in range(len(TOWERS)) for s in names}
        # sorted shapes (one card or a pair) -> (values reached, values reached with some lamp of
        # the tower flipped), for all towers at once: bit 64 * tower + value
        towers = range(len(TOWERS))
        on = self._on_tower
        self.wide = {(s,): (sum(on[t, s].every << 64 * t for t in towers),
                            sum(on[t, s].touching << 64 * t for t in towers)) for s in names}
        for i, a in enumerate(names):
            for b in names[i:]:
                reach = touch = 0
                for t in towers:
                    x, y = _pair(on[t, a], on[t, b])
                    reach |= x << 64 * t
                    touch |= y << 64 * t
                self.wide[a, b] = (reach, touch)

    def on_tower(self, tower: int, shape: str) -> _ShapeOnTower:
        return self._on_tower[tower, shape]

    def reaches(self, tower: int, shapes: tuple[str, ...], d: int, need_touch: bool) -> bool:
        """Can one placement of each of ``shapes`` (sorted) XOR to local value ``d`` (with some
        lamp of the tower flipped, if ``need_touch``)?"""
        got = self.wide.get(shapes)
        if got is not None:
            return bool(got[need_touch] >> (64 * tower + d) & 1)
        if len(shapes) == 3:  # a pair and one more card: d = u ^ v with u reached by the pair
            pair_any, pair_touch = self.wide[shapes[:2]]
            at = 64 * tower
            third = self._on_tower[tower, shapes[2]]
            with_third = pair_any >> at & third.shifted[d]  # {u : u ^ d in the third's values}
            if not need_touch or not third.values[0]:  # the third card always touches the tower
                return bool(with_third)
            # the third card may miss the tower (value 0): then the pair must touch it
            return bool(with_third & ~(1 << d)) or bool(pair_touch >> (at + d) & 1)
        if not shapes:
            return d == 0 and not need_touch
        rest = shapes[:-1]
        if need_touch:
            return any(self.reaches(tower, rest, d ^ v, not v) for v in self._on_tower[tower, shapes[-1]].values)
        return any(self.reaches(tower, rest, d ^ v, False) for v in self._on_tower[tower, shapes[-1]].values)

    def pick(self, tower: int, shapes: tuple[str, ...], d: int, need_touch: bool) -> list[int] | None:
        """Local values, one per shape, XOR-ing to ``d`` (touching the tower if needed)."""
        if not shapes:
            return [] if d == 0 and not need_touch else None
        if len(shapes) == 1:  # the value itself, if the shape reaches it
            return [d] if d in self._on_tower[tower, shapes[0]].masks and (d or not need_touch) else None
        rest = shapes[:-1]
        for v in self._on_tower[tower, shapes[-1]].values:
            if self.reaches(tower, rest, d ^ v, need_touch and not v):
                return self.pick(tower, rest, d ^ v, need_touch and not v) + [v]
        return None


_TABLES: dict[str, Tables] = {}


def prepare(edition: Edition) -> Tables:
    """Build the planner's tables for ``edition`` now (the edition loader calls this)."""
    return tables(edition)


def tables(edition: Edition) -> Tables:
    """The tables for ``edition``, shared by every edition loaded from the same files: the
    fingerprint is a digest of their contents, so loading an edition again (a reload, a replay)
    neither rebuilds them nor makes states of the older copy rebuild them."""
    t = _TABLES.get(edition.fingerprint)
    if t is None:
        t = _TABLES[edition.fingerprint] = Tables(edition)
    return t
