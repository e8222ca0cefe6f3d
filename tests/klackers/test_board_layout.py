"""KLACKERS on the lit board: the layout's roles and the buttons' input (pure, no daemon)."""

from __future__ import annotations

from clacks_hw.game.klackers.buttons import KlackersInput
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.klackers.layout import DIE_LAMPS, NUMBER_LAMP, die_weights, marks
from clacks_hw.game.klackers.rules import apply

from .conftest import do, game, started


def test_each_face_has_its_own_pattern_of_three_lamps_adding_up_to_it():
    patterns = {f: die_weights(f) for f in range(1, 7)}
    assert all(sum(w) == f for f, w in patterns.items())
    assert len(set(patterns.values())) == 6


def test_the_numbers_up_are_a_3x3_block_and_the_dice_use_the_other_lamps():
    assert sorted(NUMBER_LAMP.values()) == [0, 1, 2, 4, 5, 6, 8, 9, 10]
    s = do(do(started(), "S", "roll", 4, 5), "S", "pull", 9)
    m = marks(s)
    assert NUMBER_LAMP[9] not in m["lamps"] and m["lamps"][NUMBER_LAMP[1]] == "up"
    assert m["seats"] == {"S": "turn"}
    s = do(s, "S", "roll", 6, 2)
    m = marks(s, selected=0b10000000)
    assert m["lamps"][NUMBER_LAMP[8]] == "selected" and m["towers"]["G2"] == "selected"
    assert [m["lamps"].get(i) for i in DIE_LAMPS[0]] == ["dice_double"] * 3  # the 6
    assert [m["lamps"].get(i) for i in DIE_LAMPS[1]] == ["dice_single", "dice_single", None]


def press(inp, state, *names):
    act = None
    for name in names:
        inp, act = inp.press(name, state)
    return inp, act


def test_buttons_select_numbers_and_play_pulls_them():
    s = do(started(), "S", "roll", 3, 4)
    inp, act = press(KlackersInput(), s, "R2", "R3", "PLAY")
    assert inp.selected == 0b110 and apply(s, act).code == "wrong_sum"  # 2+3: the red blink
    inp, act = press(inp, s, "R2", "R4", "PLAY")
    after = apply(s, act)
    assert after.up == 0b111110011 and after.dice == ()
    inp, act = press(inp, s, "BACK")
    assert inp == KlackersInput() and act is None


def test_a_selected_number_that_is_down_shows_and_is_refused():
    s = do(do(do(started(), "S", "roll", 3, 4), "S", "pull", 7), "S", "roll", 3, 4)
    inp, act = press(KlackersInput(), s, "G1", "PLAY")
    assert marks(s, inp.selected)["lamps"][NUMBER_LAMP[7]] == "selected"
    assert apply(s, act).code == "number_down"


def test_tracked_dice_play_rolls_two_and_turn_rolls_one():
    s = game(2, dice="tracked")
    _, act = press(KlackersInput(), s, "PLAY")
    assert (act.act, act.dice) == ("roll", None)
    _, act = press(KlackersInput(), s, "TURN")
    assert act.act == "roll_one" and apply(s, act).code == "not_in_mode"


def test_real_dice_are_keyed_in_on_the_red_buttons():
    s = started()
    inp, act = press(KlackersInput(), s, "R5", "R2")
    assert inp.entered == (5, 2) and marks(s, entered=inp.entered)["lamps"][DIE_LAMPS[0][0]] == "entered_double"
    inp, act = press(inp, s, "R6")
    assert inp.entered == (6,)
    inp, act = press(inp, s, "R1", "PLAY")
    assert act.dice == (6, 1) and apply(s, act).dice == (6, 1)
    _, act = press(KlackersInput(), s, "R3", "PLAY")
    assert apply(s, act).code == "dice_count"
