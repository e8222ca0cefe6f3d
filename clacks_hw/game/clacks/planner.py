"""The planner: the cheapest way to send the next signal this turn, exactly and fast.

Only the 6 lamps of the sending tower matter, so each placement is projected onto the tower
as a 6-bit value, and "which values can a set of cards reach" is a 64-bit set (an int). The
sets of every shape and every pair of shapes, for all towers at once, are built when the
edition loads, so one card or two is a single bit test against what every open tower needs; a
third card adds one projected value at a time and is tried only when it could be cheaper.
The brute force in ``brute_force.py`` (every subset, every
placement, stopping at its first answer) agrees with it in the tests and is much slower
(``make bench``).
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from .actions import Action
from .board import FULL, TOWERS, lamps_of
from .edition import Edition
from .planner_tables import MASKS, PACKED_HIGH, PACKED_LOW, PACKED_TARGET, WIDE_BIT, Tables, tables
from .state import GameState


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
    send from this turn (the game decides: modes/)."""
    return state.config.game.towers_open(state, seat)


def _cheapest(tab: Tables, hand, groups, need, left: int, most: int, required: str | None):
    """The cheapest (move + cards) subset of ``hand`` that reaches a wanted value on some tower:
    (tower, move cost, cards, their shapes, card cost), or None. Fewer cards, then the lower
    tower, break ties. ``groups``: (move cost, wanted values, wanted values that need some lamp
    flipped, towers) with each wanted value as bit 64 * tower + value, for every tower at once.

    One card or two is a bit test against the pair tables, so every such subset is tried; three
    cards or more are tried only while they could still beat the best found."""
    wide = tab.wide
    info = list(map(tab.info.__getitem__, hand))  # (card, cost, shape)
    # The best so far as one int, smaller is better: cost << 8 | number of cards << 4 | tower.
    best_key, best = 1 << 62, None
    for a, ca, sa in info:
        if ca <= left and (required is None or required == a):
            reach, touch = wide[sa,]
            for move_cost, want_any, want_touch, _towers in groups:
                hits = reach & want_any | touch & want_touch
                if hits and move_cost + ca <= left:
                    key = (move_cost + ca) << 8 | 1 << 4 | (hits & -hits).bit_length() - 1 >> 6
                    if key < best_key:
                        best_key, best = key, (move_cost, (a,), (sa,), ca)
    least = sorted([x[1] for x in info])  # the k cheapest cards bound what k cards cost
    if most >= 2 and len(least) >= 2 and (least[0] + least[1] << 8 | 2 << 4) < best_key:
        for i, (a, ca, sa) in enumerate(info):
            for b, cb, sb in info[i + 1:]:
                cost = ca + cb
                if cost > left or (cost << 8 | 2 << 4) > best_key or (
                        required is not None and required != a and required != b):
                    continue  # too dear, or no cheaper than one card that already sends
                pair = ((a, b), (sa, sb)) if sa <= sb else ((b, a), (sb, sa))  # cards in shape order
                reach, touch = wide[pair[1]]
                for move_cost, want_any, want_touch, _towers in groups:
                    hits = reach & want_any | touch & want_touch
                    if hits and move_cost + cost <= left:
                        key = (move_cost + cost) << 8 | 2 << 4 | (hits & -hits).bit_length() - 1 >> 6
                        if key < best_key:
                            best_key, best = key, (move_cost, *pair, cost)
    for k in range(3, min(len(info), most) + 1):
        if sum(least[:k]) << 8 | k << 4 > best_key:
            break  # no k cards (nor more) can beat the best found
        for combo in combinations(info, k):
            cost = sum([x[1] for x in combo])
            if cost > left or (cost << 8 | k << 4) > best_key or (
                    required is not None and required not in [x[0] for x in combo]):
                continue
            combo = sorted(combo, key=_SHAPE)  # stable: cards of one shape keep the hand's order
            cards, shapes = tuple([x[0] for x in combo]), tuple([x[2] for x in combo])
            for move_cost, _any, _touch, towers in groups:
                rank = (move_cost + cost) << 8 | k << 4
                if move_cost + cost > left or rank > best_key:
                    continue
                for tower in towers:  # the lowest tower that reaches breaks a tie
                    if rank | tower < best_key and tab.reaches(tower, shapes, *need(tower)):
                        best_key, best = rank | tower, (move_cost, cards, shapes, cost)
    if best is None:
        return None
    return ((best_key & 15),) + best


_SHAPE = itemgetter(2)


def _build(tab: Tables, tower: int, move_cost: int, cards, shapes, card_cost: int, need) -> Plan:
    """Turn a feasible (tower, cards in shape order) into concrete placements."""
    on_tower = tab.on_tower
    if len(shapes) == 1:  # the card flips exactly the tower's wanted value
        return Plan(tower, move_cost, cards, (on_tower(tower, shapes[0]).masks[need(tower)[0]],), card_cost)
    values = tab.pick(tower, shapes, *need(tower))
    masks = tuple([on_tower(tower, s).masks[v] for s, v in zip(shapes, values)])
    return Plan(tower, move_cost, cards, masks, card_cost)


def _hand(state: GameState, seat: str, cards) -> tuple[str, ...]:
    played = state.turn.played
    if cards is None:  # a tracked hand holds each card once
        hand = state.player(seat).hand
        return tuple([c for c in hand if c not in played]) if played else hand
    return tuple([c for c in dict.fromkeys(cards) if c not in played])


def plan(state: GameState, cards=None, seat: str | None = None, using: str | None = None) -> Plan | None:
    """The cheapest way for the player to move to send their next signal this turn.

    ``cards`` defaults to the player's hand (tracked games); in physical games pass the
    jacquards they hold. ``using``: a card the plan must play (as a lifted jacquard must; a
    hint's card, hints.py). None when no way exists within the turn's budget.
    """
    seat = seat or state.turn.seat
    signal = state.next_signal(seat)
    turn = state.turn
    if state.over or signal is None or seat != turn.seat or turn.transmitted or state.pending:
        return None
    edition = state.edition
    tab = tables(edition)
    most, required = _card_limits(state)
    hand = _hand(state, seat, cards)
    if most == 0 or not hand or using is not None and using not in hand:
        return None
    if using is not None and required is not None and using != required:
        found = plan(state, cards, seat)  # both must be played: the plan with the lifted one, if it has ``using``
        return found if found is not None and using in found.cards else None
    required = required or using
    bits = edition.signals[signal]
    board, flipped = state.board, turn.flipped
    needs = _packed(board) ^ PACKED_TARGET[seat][bits]
    # Every open tower at once: the value each needs is bit 64 * tower + its local value, in
    # one set per move cost, split by whether some lamp of the tower still has to flip.
    groups: dict[int, list] = {}
    for tower, move_cost in towers_open(state, seat):
        g = groups.get(move_cost)
        if g is None:
            g = groups[move_cost] = [move_cost, 0, 0, []]
        g[1 if flipped & MASKS[tower] else 2] |= WIDE_BIT[tower][needs >> 6 * tower & 63]
        g[3].append(tower)
    need = _Need(needs, flipped)
    best = _cheapest(tab, hand, groups.values(), need, turn.budget - turn.card_cost, most, required)
    return None if best is None else _build(tab, *best, need)


def _packed(board: int) -> int:
    """The local values of the lit lamps on every tower, packed 6 bits a tower."""
    return PACKED_LOW[board & 255] ^ PACKED_HIGH[board >> 8]


class _Need(NamedTuple):
    """What each tower still needs: the packed local values and the lamps flipped this turn."""
    values: int
    flipped: int

    def __call__(self, tower: int) -> tuple[int, bool]:
        """(the local value that sends from ``tower``, whether some lamp of it must still flip)"""
        return self.values >> 6 * tower & 63, not self.flipped & MASKS[tower]


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
    need = _Need(_packed(state.board), FULL)  # every lamp counts as flipped: nothing must still flip
    groups = [(0, WIDE_BIT[tower][need(tower)[0]], 0, [tower])]
    best = _cheapest(tab, _hand(state, seat, cards), groups, need, turn.left, 8, None)
    return None if best is None else _build(tab, *best, need)
