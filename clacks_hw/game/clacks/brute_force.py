"""The planner's reference: try every subset of the cards and every placement of each.

Slow and obviously right; the tests hold the planner to it and the benchmark measures the
difference.
"""

from __future__ import annotations

import itertools

from .board import TOWERS
from .planner import _card_limits, towers_open
from .state import GameState
from .turns import target_mask


def cheapest_cost(state: GameState, cards=None, exhaustive: bool = False) -> int | None:
    """The fewest stress points (move + cards) that send the next signal this turn.

    ``exhaustive``: try every subset and every placement even after an answer is found (the
    benchmark's yardstick); otherwise dearer subsets and further placements are skipped."""
    seat, turn = state.turn.seat, state.turn
    p = state.player(seat)
    jac = state.edition.jacquards
    cards = [c for c in (p.hand if cards is None else cards) if c not in turn.played]
    signal = state.next_signal(seat)
    if signal is None or turn.transmitted:
        return None
    bits = state.edition.signals[signal]
    most, required = _card_limits(state)
    best = None
    for tower, move_cost in towers_open(state, seat):
        mask, want = TOWERS[tower].mask, target_mask(seat, tower, bits)
        for k in range(1, min(len(cards), most) + 1):
            for combo in itertools.combinations(cards, k):
                if required is not None and required not in combo:
                    continue
                cost = move_cost + sum(jac[c].cost for c in combo)
                if cost > turn.budget - turn.card_cost:
                    continue
                if best is not None and cost >= best and not exhaustive:
                    continue
                for masks in itertools.product(*(jac[c].shape.placements for c in combo)):
                    flips = 0
                    for m in masks:
                        flips ^= m
                    touched = turn.flipped & mask or any(m & mask for m in masks)
                    if touched and (state.board ^ flips) & mask == want:
                        best = cost if best is None else min(best, cost)
                        if not exhaustive:
                            break
    return best
