"""One turn of KLACKERS: rolling, pulling numbers that add up to the roll, the end of a turn."""

from __future__ import annotations

from clacks_hw.game.klackers.numbers import ALL_UP, TOTAL, mask_of

from .conftest import do, refused, score_with, started, turn


def test_a_roll_lets_the_player_pull_any_combination_adding_up_to_it():
    s = turn(started(), "S", (4, 6))
    assert s.dice == (4, 6)
    after = do(s, "S", "pull", 1, 2, 3, 4)  # three or more numbers at once are fine
    assert after.up == ALL_UP & ~mask_of((1, 2, 3, 4)) and after.dice == () and after.seat == "S"


def test_a_combination_not_adding_up_to_the_roll_is_refused():
    s = turn(started(), "S", (3, 4))
    r = refused(s, "S", "pull", 2, 3)
    assert r.code == "wrong_sum" and r.message == "2+3 makes 5, and the roll is 7."


def test_once_they_are_down_they_stay_down():
    s = turn(started(), "S", (3, 4), [7], (3, 4))
    r = refused(s, "S", "pull", 7)
    assert r.code == "number_down" and "7 is already down" in r.message
    assert do(s, "S", "pull", 3, 4).up == ALL_UP & ~mask_of((3, 4, 7))


def test_no_pull_before_a_roll_and_no_roll_before_the_pull():
    s = started()
    assert refused(s, "S", "pull", 7).code == "must_roll"
    s = turn(s, "S", (3, 4))
    assert refused(s, "S", "roll", 1, 1).code == "must_pull"
    assert refused(s, "S", "roll_one", 1).code == "must_pull"


def test_the_turn_ends_when_no_combination_matches_and_the_score_is_the_numbers_left():
    s = turn(started(), "S", (6, 6), [3, 9], (6, 6), [4, 8], (6, 6), [5, 7])
    assert s.seat == "S" and s.scores == ()
    s = do(s, "S", "roll", 6, 6)  # 12 again: 1 2 6 cannot make it
    assert s.scores == (("S", 9),) and s.seat == "N" and s.up == ALL_UP


def test_pulling_every_number_is_a_klack_scoring_zero():
    s = score_with(started(), "S", ())
    assert s.scores == (("S", 0),) and s.klacks == ("S",) and s.seat == "N"


def test_one_die_only_when_the_numbers_up_add_up_to_six_or_less():
    s = turn(started(), "S", (3, 6), [9], (2, 6), [8], (1, 6), [7], (1, 5), [6], (1, 4), [5])
    assert TOTAL[s.up] == 10
    r = refused(s, "S", "roll_one", 4)
    assert r.code == "one_die_closed" and r.message.endswith("they add up to 10.")
    s = turn(s, "S", (1, 3), [4])
    assert TOTAL[s.up] == 6 and do(s, "S", "roll_one", 6).dice == (6,)
    assert do(s, "S", "roll", 1, 1).dice == (1, 1)  # two dice are still allowed


def test_one_die_must_roll_the_whole_total_and_is_the_last_roll():
    # The example of the rules: 4 and 2 left, one die rolls a 4: no play, the score is 6.
    s = turn(started(), "S", (4, 5), [9], (3, 5), [8], (3, 4), [7], (1, 5), [6], (1, 4), [5], (1, 3), [1, 3])
    assert s.up == mask_of((2, 4))
    missed = do(s, "S", "roll_one", 4)
    assert missed.scores == (("S", 6),) and missed.seat == "N"
    hit = do(s, "S", "roll_one", 6)
    assert hit.dice == (6,) and hit.one_die
    assert refused(hit, "S", "pull", 2).code == "wrong_sum"
    done = do(hit, "S", "pull", 2, 4)
    assert done.scores == (("S", 0),) and done.klacks == ("S",)
