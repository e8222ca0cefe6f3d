"""The planner: the cheapest way to send the next signal this turn, exactly and fast.

Only the 6 lamps of the sending tower matter, so each placement is projected onto the tower
as a 6-bit value, and "which values can a set of cards reach" is a 64-bit set (an int).
XOR-combining a card into such a set is at most 64 ORs of precomputed translates, and the
sets for each (tower, multiset of shapes) are cached. The brute force in ``brute_force.py``
(every subset, every placement) agrees with it in the tests and is a few hundred times
slower (``make bench``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .actions import Action
from .board import TOWERS, lamps_of
from .edition import Edition
from .state import GameState
from .turns import target_mask


@dataclass(frozen=True)
class Plan:
    tower: int
    move_cost: int
    cards: tuple[str, ...]
    masks: tuple[int, ...]  # the placement each card flips, in play order

    card_cost: int = 0

    @property
    def cost(self) -> int:
        """Stress points of the turn with this plan: the move (from where the turn began)
        plus the cards still to play."""
        return self.move_cost + self.card_cost

    def actions(self, state: GameState) -> list[Action]:
        seat = state.turn.seat
        out = []
        if state.config.game.pawns and state.player(seat).tower != self.tower:
            out.append(Action(seat, "move", tower=self.tower))
        out += [Action(seat, "play", card=c, lamps=m) for c, m in zip(self.cards, self.masks)]
        return out

    def describe(self, edition: Edition) -> str:
        parts = [f"on {TOWERS[self.tower].name}"]
        if self.move_cost:
            parts.append(f"move {self.move_cost}")
        for c, m in zip(self.cards, self.masks):
            parts.append(f"{edition.card_label(c)} at {','.join(map(str, lamps_of(m)))}")
        return f"{'; '.join(parts)} = {self.cost} stress points"


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _local(tower: int, mask: int) -> int:
    return _LOCAL[tower].get(mask & TOWERS[tower].mask, 0)


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


_LOCAL = _make_local()


class _ShapeOnTower:
    """One shape's placements projected onto one tower."""

    __slots__ = ("values", "masks", "_every", "_touching", "_translate")

    def __init__(self, tower: int, placements):
        masks: dict[int, int] = {}
        for m in placements:
            masks.setdefault(_local(tower, m), m)
        self.masks = masks  # local value -> a placement giving it
        self.values = tuple(sorted(masks))
        self._every = sum(1 << v for v in self.values)
        self._touching = self._every & ~1  # value 0 = the card misses the tower
        self._translate: dict[int, tuple[int, int]] = {}

    def translate(self, a: int) -> tuple[int, int]:
        """({v ^ a}, {v ^ a : v touches}): XOR-combining reachable value a with this card."""
        t = self._translate.get(a)
        if t is None:
            t = self._translate[a] = (_xor_translate(self._every, a), _xor_translate(self._touching, a))
        return t


def _xor_translate(bitset: int, a: int) -> int:
    out = 0
    for v in _bits(bitset):
        out |= 1 << (v ^ a)
    return out


class Tables:
    """Per-edition caches: projections and reachable sets."""

    def __init__(self, edition: Edition):
        self.edition = edition
        self._on_tower: dict[tuple[int, str], _ShapeOnTower] = {}
        self.reach = lru_cache(maxsize=65536)(self._reach)

    def on_tower(self, tower: int, shape: str) -> _ShapeOnTower:
        sot = self._on_tower.get((tower, shape))
        if sot is None:
            sot = self._on_tower[tower, shape] = _ShapeOnTower(tower, self.edition.shapes[shape].placements)
        return sot

    def _reach(self, tower: int, shapes: tuple[str, ...]) -> tuple[int, int]:
        """(values reachable, values reachable with some lamp of the tower flipped)."""
        if not shapes:
            return 1, 0
        any_, touch = self.reach(tower, shapes[:-1])
        sot = self.on_tower(tower, shapes[-1])
        new_any = new_touch = 0
        for a in _bits(any_):
            every, touching = sot.translate(a)
            new_any |= every
            new_touch |= touching
        for a in _bits(touch):
            new_touch |= sot.translate(a)[0]
        return new_any, new_touch

    def pick(self, tower: int, shapes: tuple[str, ...], d: int, need_touch: bool) -> list[int] | None:
        """Local values, one per shape, XOR-ing to ``d`` (touching the tower if needed)."""
        if not shapes:
            return [] if d == 0 and not need_touch else None
        rest = shapes[:-1]
        any_, touch = self.reach(tower, rest)
        for v in self.on_tower(tower, shapes[-1]).values:
            r = d ^ v
            sub_need = need_touch and v == 0
            if (touch if sub_need else any_) >> r & 1:
                return self.pick(tower, rest, r, sub_need) + [v]
        return None


_TABLES: dict[str, Tables] = {}


def tables(edition: Edition) -> Tables:
    t = _TABLES.get(edition.fingerprint)
    if t is None or t.edition is not edition:
        t = _TABLES[edition.fingerprint] = Tables(edition)
    return t


def towers_open(state: GameState, seat: str) -> list[tuple[int, int]]:
    """(tower, the turn's move cost with the pawn there) for every tower the player could
    send from this turn (the game decides: game/modes/)."""
    return state.config.game.towers_open(state, seat)


def _subsets(cards, jac, left: int, most: int = 8, required: str | None = None):
    """Non-empty subsets of the cards that fit the budget, cheapest (then smallest) first;
    at most ``most`` cards, always including ``required`` when given."""
    out = []
    for k in range(1, min(len(cards), most) + 1):
        for combo in combinations(cards, k):
            cost = sum(jac[c].cost for c in combo)
            if cost <= left and (required is None or required in combo):
                out.append((cost, k, combo, tuple(sorted(jac[c].shape.name for c in combo))))
    out.sort(key=lambda s: (s[0], s[1]))
    return out


def _build(tab: Tables, jac, tower: int, move_cost: int, combo, d: int, need_touch: bool) -> Plan:
    """Turn a feasible (tower, cards) into concrete placements."""
    shapes = tuple(sorted(jac[c].shape.name for c in combo))
    values = tab.pick(tower, shapes, d, need_touch)
    by_shape: dict[str, list[str]] = {}
    for c in combo:
        by_shape.setdefault(jac[c].shape.name, []).append(c)
    cards, masks = [], []
    for shape, v in zip(shapes, values):
        cards.append(by_shape[shape].pop(0))
        masks.append(tab.on_tower(tower, shape).masks[v])
    return Plan(tower, move_cost, tuple(cards), tuple(masks), card_cost=sum(jac[c].cost for c in cards))


def _hand(state: GameState, seat: str, cards) -> tuple[str, ...]:
    cards = state.player(seat).hand if cards is None else cards
    return tuple(c for c in dict.fromkeys(cards) if c not in state.turn.played)


def plan(state: GameState, cards=None, seat: str | None = None) -> Plan | None:
    """The cheapest way for the player to move to send their next signal this turn.

    ``cards`` defaults to the player's hand (tracked games); in physical games pass the
    jacquards they hold. None when no way exists within the turn's budget.
    """
    seat = seat or state.turn.seat
    signal = state.next_signal(seat)
    turn = state.turn
    if state.over or signal is None or seat != turn.seat or turn.transmitted or state.pending:
        return None
    edition = state.edition
    tab, jac = tables(edition), edition.jacquards
    left = turn.budget - turn.card_cost
    most, required = _card_limits(state)
    if most == 0:
        return None
    subsets = _subsets(_hand(state, seat, cards), jac, left, most, required)
    bits = edition.signals[signal]
    best = None
    for tower, move_cost in towers_open(state, seat):
        mask = TOWERS[tower].mask
        d = _local(tower, (state.board ^ target_mask(seat, tower, bits)) & mask)
        need_touch = not turn.flipped & mask
        for cost, k, combo, shapes in subsets:
            key = (move_cost + cost, k, tower)
            if key[0] > left or best is not None and key >= best[0]:
                continue
            any_, touch = tab.reach(tower, shapes)
            if (touch if need_touch else any_) >> d & 1:
                best = (key, tower, move_cost, combo, d, need_touch)
                break  # subsets are sorted by cost: the first fit is this tower's cheapest
    if best is None:
        return None
    return _build(tab, jac, *best[1:])


def _card_limits(state: GameState) -> tuple[int, str | None]:
    """(how many more jacquards may be played, a lifted jacquard that must be among them)."""
    turn = state.turn
    required = turn.lifted if turn.lifted not in (None, "*") else None
    if state.turn.number < state.one_jacquard_until:  # CHARACTER SABOTAGE
        return (1 if turn.lifted is not None or not turn.played else 0), required
    return 8, required


def plan_blackout(state: GameState, tower: int, cards=None) -> Plan | None:
    """The cheapest cards (no move) that turn every lamp of ``tower`` off this turn:
    Last Letter Sabotage."""
    seat, turn = state.turn.seat, state.turn
    tab, jac = tables(state.edition), state.edition.jacquards
    d = _local(tower, state.board & TOWERS[tower].mask)
    for _cost, _k, combo, shapes in _subsets(_hand(state, seat, cards), jac, turn.left):
        if tab.reach(tower, shapes)[0] >> d & 1:
            return _build(tab, jac, tower, 0, combo, d, False)
    return None
