"""The planner: the cheapest way to send the next signal this turn, exactly and fast.

Only the 6 lamps of the sending tower matter, so each placement is projected onto the tower
as a 6-bit value, and "which values can a set of cards reach" is a 64-bit set (an int). The
sets of every pair of shapes on every tower are built when the edition loads; a third card
adds one projected value at a time. The brute force in ``brute_force.py`` (every subset, every
placement, stopping at its first answer) agrees with it in the tests and is much slower
(``make bench``).
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from .actions import Action
from .board import TOWERS, lamps_of
from .edition import Edition
from .planner_tables import LOCAL, MASKS, Tables, local, tables
from .state import GameState
from .turns import target_mask


class Plan(NamedTuple):  # a named tuple: made once per query, cheaper than a frozen dataclass
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


def towers_open(state: GameState, seat: str) -> list[tuple[int, int]]:
    """(tower, the turn's move cost with the pawn there) for every tower the player could
    send from this turn (the game decides: game/modes/)."""
    return state.config.game.towers_open(state, seat)


def _subsets(cards, tab: Tables, left: int, most: int = 8, required: str | None = None):
    """Non-empty subsets of the cards that fit the budget, cheapest (then smallest) first;
    at most ``most`` cards, always including ``required`` when given: (cost, size, cards,
    sorted shape names, what they reach on every tower or None for three cards or more)."""
    card, wide = tab.card, tab.wide
    info = [(c, *card[c]) for c in cards]
    out = [(cost, 1, (c,), (shape,), wide[shape,]) for c, cost, shape in info
           if cost <= left and (required is None or required == c)]
    if most >= 2:
        for (a, ca, sa), (b, cb, sb) in combinations(info, 2):
            if ca + cb <= left and (required is None or required == a or required == b):
                shapes = (sa, sb) if sa <= sb else (sb, sa)
                out.append((ca + cb, 2, (a, b), shapes, wide[shapes]))
    for k in range(3, min(len(info), most) + 1):
        for combo in combinations(info, k):
            cost = sum([x[1] for x in combo])
            names = tuple([x[0] for x in combo])
            if cost <= left and (required is None or required in names):
                out.append((cost, k, names, tuple(sorted([x[2] for x in combo])), None))
    out.sort(key=_BY_COST)
    return out


_BY_COST = itemgetter(0, 1)


def _build(tab: Tables, tower: int, move_cost: int, combo, shapes, d: int, need_touch: bool,
           card_cost: int) -> Plan:
    """Turn a feasible (tower, cards) into concrete placements."""
    values = tab.pick(tower, shapes, d, need_touch)
    card = tab.card
    cards = combo if len(combo) == 1 else tuple(sorted(combo, key=lambda c: card[c][1]))  # as ``shapes``
    masks = tuple([tab.on_tower(tower, card[c][1]).masks[v] for c, v in zip(cards, values)])
    return Plan(tower, move_cost, cards, masks, card_cost)


def _hand(state: GameState, seat: str, cards) -> tuple[str, ...]:
    played = state.turn.played
    if cards is None:  # a tracked hand holds each card once
        hand = state.player(seat).hand
        return tuple([c for c in hand if c not in played]) if played else hand
    return tuple([c for c in dict.fromkeys(cards) if c not in played])


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
    tab = tables(edition)
    left = turn.budget - turn.card_cost
    most, required = _card_limits(state)
    if most == 0:
        return None
    subsets = _subsets(_hand(state, seat, cards), tab, left, most, required)
    if not subsets:
        return None
    bits = edition.signals[signal]
    board, flipped = state.board, turn.flipped
    # Every open tower at once: what each needs is bit 64 * tower + its local value, in one
    # set per move cost and per need of a lamp flipped this turn (``wants[cost][need]``).
    wants: dict[int, list] = {}
    need_of = {}
    for tower, move_cost in towers_open(state, seat):
        mask = MASKS[tower]
        d = LOCAL[tower][(board ^ target_mask(seat, tower, bits)) & mask]
        need = not flipped & mask
        need_of[tower] = (d, need)
        w = wants.get(move_cost)
        if w is None:
            w = wants[move_cost] = [0, 0, []]
        w[need] |= 1 << (64 * tower + d)
        w[2].append(tower)
    best = None  # (move + cards cost, cards, tower) as one number, then what _build needs
    for move_cost, (want_any, want_touch, towers) in wants.items():
        for cost, k, combo, shapes, reach in subsets:  # by (cost, size): once one is too dear, all are
            total = move_cost + cost
            rank = total * 16 + k
            if total > left or best is not None and rank > best[0] >> 4:
                break
            if reach is not None:  # one card or two: a bit test for every tower
                hits = reach[0] & want_any | reach[1] & want_touch
            else:  # more: one card's projected values at a time, tower by tower
                hits = sum(1 << 64 * t for t in towers if tab.reaches(t, shapes, *need_of[t]))
            if hits:
                tower = ((hits & -hits).bit_length() - 1) >> 6  # the first tower it reaches
                key = rank * 16 + tower
                if best is None or key < best[0]:
                    best = (key, tower, move_cost, combo, shapes, *need_of[tower], cost)
    if best is None:
        return None
    return _build(tab, *best[1:])


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
    tab = tables(state.edition)
    d = local(tower, state.board & TOWERS[tower].mask)
    for cost, _k, combo, shapes, _reach in _subsets(_hand(state, seat, cards), tab, turn.left):
        if tab.reaches(tower, shapes, d, False):
            return _build(tab, tower, 0, combo, shapes, d, False, cost)
    return None
