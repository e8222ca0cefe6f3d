"""The eight-sided die: natural 8s re-roll and add where the rules say, a natural 1 fails,
and the board's dice replay the same from the seed."""

from __future__ import annotations

from clacks_hw.game.guards.dice import board_die, judged, rolls_again
from tests.guards.conftest import act, game, roll


def test_a_1_after_a_natural_8_is_added_not_a_failure():
    """"Is a roll of 1 always a fail? A roll of 1 is always a fail, except if it is rolled after
    a natural 8. (when it is added to the 8 to give a total roll of 9)\""""
    assert judged(3, (8, 1), 12) == (12, True)
    assert judged(30, (1,), 12) == (31, False)
    assert rolls_again((8,), True) and rolls_again((8, 8), True) and not rolls_again((8,), False)


def test_a_wizards_challenge_chains_natural_8s():
    """"A roll of a Natural 8 allows the player to re-roll the die again, and add the result to
    the overall total." Challenge 1 (Streetwise 10): M1 has Streetwise 4; 8 + 8 + 1 = 17."""
    s = act(game(hands={"S": ("M1",)}), "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    s = act(s, "S", "challenge")
    s = roll(s, 8)
    assert s.pending is not None and s.pending.dice == (8,)
    s = roll(s, 8, 1)
    assert s.last.dice == (8, 8, 1) and s.last.total == 21 and s.player("S").returned == ("s1",)


def test_the_board_rolls_from_the_seed_and_both_ways_are_one_action():
    s = act(game(seed=9), "S", "recruit", card="L1", quadrant="fools")
    rolled = act(s, "S", "roll")
    assert rolled.last.dice[0] == board_die(9, 0) and rolled.rolls == 1
    again = act(s, "S", "roll")
    assert again == rolled  # same seed, same draw: a journal replays to the same dice
    typed = act(s, "S", "roll", die=3)
    assert typed.last.dice == (3,) and typed.rolls == 0


def test_only_the_roller_rolls_and_nothing_else_happens_meanwhile():
    from tests.guards.conftest import refused

    s = act(game(), "S", "recruit", card="L1", quadrant="fools")
    assert refused(s, "N", "roll").code == "not_your_roll"
    assert refused(s, "S", "end_turn").code == "must_roll"
    assert refused(game(), "S", "roll").code == "no_roll"
