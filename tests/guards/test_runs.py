"""Spell runs and the Wizards' Challenges (Making a Spell Run; The Wizards' Challenges;
Returning the Final Spell)."""

from __future__ import annotations

from clacks_hw.game.guards.edition import CHALLENGE_NAMES
from tests.guards.conftest import act, game, refused, roll


def run(s, seat="S", cards=("M1",), route=("fools",), spell="s1", **keys):
    return act(s, seat, "spell_run", spell=spell, cards=list(cards), route=list(route), **keys)


def test_a_run_with_nobody_planted_reaches_the_gate_and_the_challenge_returns_the_spell():
    """"If a player passes the Wizard's Challenge they: ... Discard their Runners ... Collect 5
    Ankh-Morpork dollars. Gain 1 Attribute Point". Challenge 1 tests Streetwise (target 10)."""
    s = run(game(hands={"S": ("M1", "L1")}), cards=("M1", "L1"))
    r = s.run_of("S")
    assert r.at_gate and s.player("S").hand == () and s.run_round == (1, "S")
    s = roll(act(s, "S", "challenge"), 4)  # 4 + 2 + 4 = 10
    p = s.player("S")
    assert p.returned == ("s1",) and p.dollars == 10 and p.points == 1 and s.run_of("S") is None
    assert p.hand == ()  # the runners are discarded


def test_a_failed_challenge_ends_the_turn_and_the_runners_wait_at_the_gate():
    """"If a player fails the Wizard's Challenge THEIR TURN ENDS. Their Spell Run Token remains on
    their Start Gate"; "they may choose send additional Volunteers from their hand to assist those
    at the Start Gate ... A maximum of 6 Runners in total are allowed at a Start Gate\""""
    s = roll(act(run(game(hands={"S": ("M1", "M3", "L1", "L2", "L4", "B1", "B2")})), "S", "challenge"), 3)
    assert s.seat == "N" and s.run_of("S").at_gate
    s = act(s, "N", "end_turn")
    assert refused(s, "S", "spell_run", spell="s2", cards=["L1"], route=["fools"]).code == "run_on"
    s = act(s, "S", "reinforce", cards=["M3", "L1", "L2", "L4", "B1"])
    assert len(s.run_of("S").runners) == 6
    assert refused(s, "S", "reinforce", cards=["B2"]).code == "limit"
    s = roll(act(s, "S", "challenge"), 1)  # a natural 1 fails even 14 + 1 against 10
    assert s.last.total == 15 and not s.last.passed


def test_at_most_4_runners_set_out_and_the_route_ends_at_the_own_gate():
    """"Select the Volunteer/s they are sending back as Runners with the Great Spell, (initially up
    to a maximum of 4)"; a Start Gate is "in the same Guild Quadrant as their chosen Guild House"."""
    s = game(hands={"S": ("M1", "M2", "M3", "M4", "L1")})
    assert refused(s, "S", "spell_run", spell="s1", cards=["M1", "M2", "M3", "M4", "L1"],
                   route=["fools"]).code == "limit"
    assert refused(s, "S", "spell_run", spell="s1", cards=["M1"], route=["thieves"]).code == "quadrant"
    assert refused(s, "S", "spell_run", spell="s6", cards=["M1"], route=["fools"]).code == "wrong_card"
    dragon = s._replace(dragons=(("thieves", "D1"),))
    assert refused(dragon, "S", "spell_run", spell="s1", cards=["M1"], route=["thieves", "fools"]).code == "dragon"


def test_items_add_to_the_runners_attribute():
    """"Then add/subtract any additional points gained/lost from Items". The Club adds Brawl, not
    Streetwise; the test box has no Streetwise item, so the Club changes nothing here."""
    s = run(game(hands={"S": ("M1",)}, S={"items": ("CLUB",)}), items={"M1": "CLUB"})
    assert s.player("S").items == () and s.run_of("S").runners == (("M1", "CLUB"),)
    assert act(s, "S", "challenge").pending.base == 4


def test_challenge_4_is_two_tests_taken_together():
    """"Challenge 4 Malich's Melancholy demands two tests, one for Brawl and a second for
    Streetwise.\""""
    s = game(hands={"S": ("M1", "B4")}, S={"returned": ("s1", "s2", "s3")})
    s = act(run(s, cards=("M1", "B4"), spell="s4"), "S", "challenge")
    assert s.pending.get("stat") == "brawl" and s.pending.target == 10 and CHALLENGE_NAMES[4] == "Malich's Melancholy"
    s = roll(s, 2)  # brawl 2 + 6 + 2 = 10: passed
    assert s.pending.get("stat") == "streetwise" and s.pending.base == 5
    s = roll(s, 2)  # streetwise 5 + 2 = 7: failed; the turn ends and both are taken again
    assert s.seat == "N" and s.run_of("S").passed == ()


def test_the_final_spell_walks_home_next_turn_and_only_the_failed_roll_is_retried():
    """"To collect the last of the Great Spells, a player must land on the Spell tile as before,
    but this time the player's turn ends." "first rolling the die and adding the result to their
    character's current Magic Level and then roll again and add the result to their character's
    current Guild Level. They must achieve a score of 9 or above in both cases ... If either roll
    fails, they must wait and re-attempt only the failed roll on their next turn.\""""
    s = game(hands={"S": ("L1",)}, S={"returned": ("s1", "s2", "s3", "s4")})
    s = run(s, cards=("L1",), spell="s5")
    assert s.seat == "N" and s.run_of("S").final and not s.run_of("S").started
    s = act(act(s, "N", "end_turn"), "S", "walk")
    assert s.run_of("S").at_gate
    s = roll(act(s, "S", "challenge"), 7)  # Magic 2 + 7 = 9
    assert s.pending.get("stat") == "guild"
    s = roll(s, 6)  # Guild 2 + 6 = 8: failed
    assert s.run_of("S").passed == ("magic",) and s.seat == "N"
    s = act(act(s, "N", "end_turn"), "S", "challenge")
    assert s.pending.get("stat") == "guild"
    s = roll(s, 7)
    assert s.over and s.winners == ("S",) and s.ended == "won"


def test_a_short_game_is_won_at_the_agreed_number_of_spells():
    """"This can be achieved either by agreeing a lower number of Spells to be retrieved\""""
    from clacks_hw.game.core.engine import new_game
    from clacks_hw.game.guards.config import GuardsConfig
    from tests.guards.conftest import BOX

    s = new_game(None, GuardsConfig(seats=("S", "N"), box=BOX, target=1, guild_cards={"S": "FOOL", "N": "THIEF"}))
    s = s.with_player(s.player("S")._replace(hand=("L1",)))
    s = run(s, cards=("L1",), spell="s1")
    assert s.run_of("S").final  # the first spell is the last of a one-spell game
