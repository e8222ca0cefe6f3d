"""The exact turn policy (dynamic programming over the 512 masks) and the automatic players."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.klackers.bots import BOTS, bot_action
from clacks_hw.game.klackers.numbers import ALL_UP, COMBINATIONS, ONE_DIE_MAX, TOTAL, mask_of
from clacks_hw.game.klackers.rules import apply
from clacks_hw.game.klackers.solver import ROLL_CHANCE, solve

from .conftest import game


@cache
def best_expected(mask: int) -> Fraction:
    """The same optimum, written the obvious way: recursion over what each roll allows."""
    if mask == 0:
        return Fraction(0)
    two = sum((p * min((best_expected(mask & ~c) for c in COMBINATIONS[mask].get(r, ())),
                       default=Fraction(TOTAL[mask])) for r, p in ROLL_CHANCE.items()), Fraction(0))
    if TOTAL[mask] <= ONE_DIE_MAX:
        return min(two, Fraction(5, 6) * TOTAL[mask])
    return two


def test_the_policy_is_the_recursive_optimum_for_every_mask():
    policy = solve("score")
    assert all(policy.value[m] == best_expected(m) for m in range(512))


def test_small_positions_by_hand():
    policy = solve("score")
    # 1 alone: two dice never make 1, so roll one die and hope for a 1.
    assert policy.value[mask_of((1,))] == Fraction(5, 6) and policy.one_die[mask_of((1,))]
    # 9 alone: one die is closed (9 > 6); two dice make 9 with chance 4/36.
    assert policy.value[mask_of((9,))] == Fraction(32, 36) * 9 and policy.klack[mask_of((9,))] == Fraction(4, 36)


def test_playing_for_the_klack_klacks_more_and_scores_more():
    score, klack = solve("score"), solve("klack")
    assert klack.klack[ALL_UP] > score.klack[ALL_UP]
    assert klack.expected_score() > score.expected_score()
    assert float(score.expected_score()) == pytest.approx(11.107, abs=1e-3)


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("variants, dice", [((), "tracked"), (("hughie", "klack_worth_two"), "tracked"),
                                            (("klack_to_win",), "physical")])
def test_bots_play_whole_games_with_legal_actions(kind, variants, dice):
    for seed in range(3):
        s = game(4, dice=dice, variants=variants, seed=seed, rounds=2)
        rng = random.Random(seed)
        for _ in range(5000):
            if s.over:
                break
            after = apply(s, bot_action(s, rng, kind))
            assert not isinstance(after, Rejection), after
            s = after
        assert s.over and sum(s.chips) == 0


def test_the_best_bot_follows_the_policy():
    policy = solve("score")
    s = game(2, dice="tracked", seed=1)
    rng = random.Random(0)
    while s.phase == "opening" or not s.dice:
        s = apply(s, bot_action(s, rng))
    a = bot_action(s, rng)
    assert a.numbers == policy.pull[s.up][sum(s.dice)]


def test_demo_plays_a_whole_game_of_klackers():
    result = CliRunner().invoke(cli, ["demo", "--game", "klackers", "--seed", "3", "--players", "3",
                                      "--variant", "hughie"])
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output and "KLACKERS demo game, seed 3" in result.output
    again = CliRunner().invoke(cli, ["demo", "--game", "klackers", "--seed", "3", "--players", "3",
                                     "--variant", "hughie"])
    assert again.output == result.output


def test_demo_refuses_a_clacks_variant_for_klackers():
    result = CliRunner().invoke(cli, ["demo", "--game", "klackers", "--variant", "quick"])
    assert result.exit_code == 2 and "do not exist for KLACKERS" in result.output
