"""The rulebook's "Answers to frequently asked questions", each answer the board keeps tested here
in the rulebook's words (the rest are about the printed map, which the board does not see:
tiles, movement, the Curry Gardens, the decks' discard piles, distances for a Guild Ability;
the answer about a natural 1 after a natural 8 is tested with the die, test_dice.py).

The rulebook gives no worked examples with numbers; its rules' own sentences are quoted by the
tests of each part (test_recruiting.py, test_runs.py, test_sabotage.py, test_dragons.py, ...)."""

from __future__ import annotations

import pytest

from clacks_hw.game.core.errors import MalformedAction
from clacks_hw.game.guards.actions import parse_action
from clacks_hw.game.guards.gate import held_anywhere
from clacks_hw.game.guards.state import Saboteur
from tests.guards.conftest import act, game, roll


def planted(s, seat, *sabs):
    return s.with_player(s.player(seat)._replace(saboteurs=tuple(Saboteur(*x) for x in sabs)))


def test_one_round_is_one_complete_series_of_player_turns():
    """"How long is one round? A round is one complete series of player turns." (and so "ONCE A
    SPELL RUN HAS BEEN ANNOUNCED BY A PLAYER, NO SABOTEURS MAY BE PLANTED OR MOVED BY OPPOSING
    PLAYERS IN THAT ROUND" lasts until every seat has had its turn)"""
    s = game(3)
    assert (s.round, s.seat) == (1, "S")
    for seat, rnd in (("S", 1), ("W", 1), ("N", 1)):
        assert (s.seat, s.round) == (seat, rnd)
        s = act(s, seat, "end_turn")
    assert (s.seat, s.round) == ("S", 2)  # S again: the second round


def test_a_defeated_volunteer_goes_to_the_discard_pile_and_is_nobodys():
    """"What happens to used or defeated Volunteers? Used or defeated Volunteer cards must always
    be placed in the relevant discard pile": a runner beaten in an ambush is held by nobody (no
    hand, no run), so it may come out of its deck again."""
    s = planted(game(hands={"S": ("L1", "M1")}), "N", ("B4", "fools"))
    s = act(s, "S", "spell_run", spell="s1", cards=["L1", "M1"], route=["fools"])
    s = act(s, "N", "sabotage", card="B4", how="ambush")
    s = act(s, "S", "defend", card="L1")
    s = roll(s, 3)  # the saboteur's blow: 6 + 2 + 3 = 11
    s = roll(s, 2)  # L1's guard: 2 + 2 = 4 < 11: beaten
    assert s.run_of("S").runners == (("M1", None),)
    assert held_anywhere(s, "L1") is None and "L1" not in s.player("S").hand + s.player("N").hand


def test_the_final_spell_walking_home_may_be_sabotaged():
    """"Having reached the University, if I move off my Start Gate during the Final Spell Run, can
    I be sabotaged? Players who step off their Start Gate while on Final Spell Run to recruit, or
    move around the board may be targeted.\""""
    s = planted(game(hands={"S": ("L1",)}, S={"returned": ("s1", "s2", "s3", "s4")}), "N", ("B1", "fools"))
    s = act(s, "S", "spell_run", spell="s5", cards=["L1"], route=["fools"])
    assert s.run_of("S").final and s.seat == "N"  # "this time the player's turn ends"
    s = act(act(s, "N", "end_turn"), "S", "walk")  # on the next turn S walks home through fools
    assert s.prompt is not None and s.prompt.kind == "sabotage" and s.prompt.seats == ("N",)
    assert s.prompt.get("quadrant") == "fools"


def test_the_final_spell_is_returned_in_person_with_a_volunteer():
    """"What is different about returning the Final Spell? You must return your Final Spell 'in
    person' to the Unseen University and have at least one Volunteer with you when you collect the
    Spell and when you return to your Starting Gate.\""""
    with pytest.raises(MalformedAction, match="cards .* must be a list of 1 to 6"):
        parse_action({"seat": "S", "act": "spell_run", "spell": "s5", "cards": [], "route": ["fools"]})
    s = game(hands={"S": ("L1",)}, S={"returned": ("s1", "s2", "s3", "s4")})
    s = act(s, "S", "spell_run", spell="s5", cards=["L1"], route=["fools"])
    assert s.run_of("S").runners == (("L1", None),)  # the volunteer walks home with the spell
