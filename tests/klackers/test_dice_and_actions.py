"""Where the dice come from, the actions' JSON form, and the rejections that are not about a rule."""

from __future__ import annotations

import pytest

from clacks_hw.game.core.errors import MalformedAction, SetupError
from clacks_hw.game.klackers.actions import KlackersAction, parse_action
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.game.klackers.dice import rolled
from clacks_hw.game.klackers.legal import candidate_actions, legal_actions
from clacks_hw.game.klackers.numbers import COMBINATIONS, TOTAL, numbers_of
from clacks_hw.game.klackers.rules import apply
from clacks_hw.game.klackers.state import new_game

from .conftest import do, game, refused, started


def test_tracked_dice_come_from_the_seed_and_the_roll_count():
    a = do(game(2, dice="tracked", seed=7), "S", "roll")
    b = do(game(2, dice="tracked", seed=7), "S", "roll")
    assert a.last_roll == b.last_roll == rolled(7, 0, 1) and a.rolls == 1
    faces = {rolled(7, n, 2) for n in range(200)}
    assert len(faces) == 36  # every ordered pair turns up


def test_tracked_dice_refuse_entered_faces_and_physical_dice_need_them():
    assert refused(game(2, dice="tracked"), "S", "roll", 4).code == "board_rolls"
    assert refused(game(2), "S", "roll").code == "needs_dice"
    s = started()
    r = refused(s, "S", "roll", 4)
    assert r.code == "dice_count" and r.message.startswith("This roll is of two dice")
    assert refused(s, "S", "roll", 4, 7).code == "dice_count"


def test_only_the_player_whose_turn_it_is_acts_and_only_seats_in_the_game():
    s = started(2)
    assert refused(s, "N", "roll", 3, 4).message == "It is S's turn to roll, not N's."
    assert refused(s, "W", "roll", 3, 4).code == "not_playing"
    assert apply(s, KlackersAction("S", "move")).code == "not_in_mode"


def test_actions_round_trip_through_json():
    for a in (KlackersAction("S", "roll"), KlackersAction("N", "roll", dice=(3, 5)),
              KlackersAction("W", "roll_one", dice=(2,)), KlackersAction("E", "pull", numbers=0b101000001)):
        assert parse_action(a.to_json()) == a
    assert parse_action({"seat": "S", "act": "pull", "numbers": [1, 7, 9]}).numbers == 0b101000001


@pytest.mark.parametrize("data, says", [
    ({"seat": "S", "act": "rol"}, "did you mean 'roll'"),
    ({"seat": "X", "act": "roll"}, "seat 'X'"),
    ({"seat": "S", "act": "roll", "dice": [7]}, "each 1..6"),
    ({"seat": "S", "act": "roll", "dice": [1, 2, 3]}, "one or two faces"),
    ({"seat": "S", "act": "pull", "numbers": [0]}, "numbers 1..9"),
    ({"seat": "S", "act": "pull", "numbers": [4, 3]}, "increasing order"),
    ({"seat": "S", "act": "pull", "numbers": []}, "numbers 1..9"),
    ({"seat": "S", "act": "roll", "tower": "R1"}, "unknown key 'tower'"),
    (["S", "roll"], "JSON object"),
])
def test_malformed_actions_are_told_apart_from_rejections(data, says):
    with pytest.raises(MalformedAction, match=says):
        parse_action(data)


@pytest.mark.parametrize("config, says", [
    (klackers_config(seats=("S",)), "not a KLACKERS seating"),
    (klackers_config(seats=("S", "N"), hands="loaded"), "hands 'loaded'"),
    (klackers_config(seats=("S", "N"), variants=frozenset({"quick"})), "do not exist for KLACKERS"),
    (klackers_config(seats=("S", "N"), rounds=0), "rounds 0"),
    (klackers_config(seats=("S", "N"), seed="x"), "seed 'x'"),
])
def test_a_game_that_cannot_be_set_up_says_what_to_change(config, says):
    with pytest.raises(SetupError, match=says):
        new_game(config)


def test_the_combination_table_agrees_with_brute_force():
    for mask in range(512):
        for roll in range(1, 13):
            want = sorted(sub for sub in range(1, 512) if sub & ~mask == 0 and TOTAL[sub] == roll)
            assert list(COMBINATIONS[mask].get(roll, ())) == want


def test_legal_actions_are_exactly_the_candidates_the_validator_accepts():
    s = do(started(), "S", "roll", 4, 6)
    pulls = [numbers_of(a.numbers) for a in legal_actions(s)]
    assert sorted(pulls) == sorted([(1, 2, 3, 4), (1, 2, 7), (1, 3, 6), (1, 4, 5), (1, 9), (2, 3, 5),
                                    (2, 8), (3, 7), (4, 6)])
    rolls = legal_actions(started())
    assert len(rolls) == 21 and {a.act for a in rolls} == {"roll"}  # one die closed at 45 up
    assert all(apply(s, a) is not None for a in candidate_actions(s))
