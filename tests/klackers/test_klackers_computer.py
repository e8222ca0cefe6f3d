"""KLACKERS' strong computer plays to win the round: once a score is on the table, its policy
loses to it less often than the normal (greedy) player's and than the lowest-expected-score
policy's, each worked out exactly over the 512 sets of numbers up."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.core.computer import choose
from clacks_hw.game.core.engine import apply
from clacks_hw.game.klackers.computer import beat_policy
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.game.klackers.dice import FACES
from clacks_hw.game.klackers.numbers import ALL_UP, COMBINATIONS, ONE_DIE_MAX, TOTAL, numbers_of
from clacks_hw.game.klackers.solver import ROLL_CHANCE, solve
from clacks_hw.game.klackers.state import new_game


def losing_chance(target, pull_for, one_die_for) -> float:
    """The exact chance that a turn played with ``pull_for(mask, roll)`` and ``one_die_for(mask)``
    scores ``target`` or more (the same score counting half)."""
    def stop(m):
        return 0.0 if TOTAL[m] < target else 0.5 if TOTAL[m] == target else 1.0

    value = [stop(0)] + [0.0] * ALL_UP
    for m in range(1, ALL_UP + 1):
        if TOTAL[m] <= ONE_DIE_MAX and one_die_for(m):
            value[m] = value[0] / FACES + stop(m) * (FACES - 1) / FACES
            continue
        value[m] = sum(float(p) * (value[m & ~pull_for(m, roll)] if COMBINATIONS[m].get(roll) else stop(m))
                       for roll, p in ROLL_CHANCE.items())
    return value[ALL_UP]


def greedy(m, roll):
    return min(COMBINATIONS[m][roll], key=lambda c: (len(numbers_of(c)), -max(numbers_of(c))))


@pytest.mark.parametrize("target", [1, 3, 6, 9, 12, 18, 25])
def test_the_strong_player_beats_a_score_more_often_than_the_others(target):
    pull, one_die, _ = beat_policy(target)
    best = solve("score")
    strong = losing_chance(target, lambda m, r: pull[m][r], one_die.__getitem__)
    normal = losing_chance(target, greedy, lambda m: False)
    lowest = losing_chance(target, lambda m, r: best.pull[m][r], best.one_die.__getitem__)
    assert strong <= normal and strong <= lowest
    assert strong < max(normal, lowest)  # better than one of them, at least


def test_second_to_roll_it_plays_for_the_score_to_beat():
    state = new_game(klackers_config(("S", "N"), seed=3))
    rng = random.Random(0)
    for _ in range(400):  # to a pull in the second turn of a round
        if state.phase == "turn" and state.scores and state.dice and not state.one_die:
            break
        state = apply(state, choose(state, state.seat, "strong", rng).action)
    target = min(s for _, s in state.scores)
    move = choose(state, state.seat, "strong", rng)
    assert f"under {target}, the score to beat" in move.why
    assert move.action.numbers == beat_policy(target)[0][state.up][sum(state.dice)]
