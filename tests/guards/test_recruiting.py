"""Recruiting by Charm and Bribe, the natural 8's extra volunteer, the natural 1, the Tavern,
and what a volunteer brings (To recruit a Volunteer; When a player successfully recruits)."""

from __future__ import annotations

from tests.guards.conftest import act, game, refused, roll


def test_charm_total_equal_to_the_charm_value_recruits():
    """"If the total is equal to, or higher than the Volunteer's Charm value, they succeed and
    that Volunteer joins their quest." L1's Charm is 6; S's Charm is 2: a 4 makes 6."""
    s = act(game(), "S", "recruit", card="L1", quadrant="fools")
    assert s.pending.kind == "charm" and s.pending.target == 6 and s.pending.base == 2
    s = roll(s, 4)
    assert s.player("S").hand == ("L1",) and s.last.passed and s.last.total == 6


def test_a_failed_charm_may_be_followed_by_a_bribe_on_the_same_turn():
    """"Always try to Charm a Volunteer in the first instance, as it's free. If you fail you can
    Bribe the volunteer on the same turn." "Return dollar coins equal to the Volunteer's Bribe
    value to the Bank\""""
    s = roll(act(game(), "S", "recruit", card="L1", quadrant="fools"), 3)
    assert s.player("S").hand == () and s.failed == "L1"
    s = act(s, "S", "bribe", card="L1", quadrant="fools")
    assert s.player("S").hand == ("L1",) and s.player("S").dollars == 5 - 3


def test_a_natural_1_fails_whatever_the_total_but_a_bribe_may_follow():
    """"If a player rolls a Natural 1 on the die when making a Charm Roll, it is an automatic
    failure; however they may still try to Bribe the Volunteer." L4's Charm is 5, S's Charm 9."""
    s = roll(act(game(S={"charm": 9}), "S", "recruit", card="L4", quadrant="fools"), 1)
    assert not s.last.passed and s.last.total == 10 and s.player("S").hand == ()
    assert act(s, "S", "bribe", card="L4", quadrant="fools").player("S").hand == ("L4",)


def test_x_cannot_be_bribed_and_money_must_suffice():
    """"Volunteers marked with a Bribe value 'X' cannot be bribed." """
    s = roll(act(game(), "S", "recruit", card="L3", quadrant="fools"), 2)
    assert refused(s, "S", "bribe", card="L3", quadrant="fools").code == "wrong_card"
    s = roll(act(game(S={"dollars": 1}), "S", "recruit", card="L1", quadrant="fools"), 2)
    assert refused(s, "S", "bribe", card="L1", quadrant="fools").code == "no_money"


def test_a_natural_8_brings_one_more_volunteer_from_the_same_deck_once_only():
    """"That player may lift another Volunteer card from the same Volunteer deck and immediately
    try to recruit them by Charm or Bribe." "Players may recruit only one additional Volunteer
    after rolling a natural 8. (even if they roll a second natural 8 while recruiting the
    additional Volunteer)\""""
    s = roll(act(game(), "S", "recruit", card="L1", quadrant="fools"), 8)
    assert s.bonus == "lords" and s.pending is None  # no re-roll for a Charm roll: the 8 recruits
    assert refused(s, "S", "recruit", card="M1", quadrant="fools").code == "wrong_card"
    s = roll(act(s, "S", "recruit", card="L2", quadrant="fools"), 8)
    assert s.player("S").hand == ("L1", "L2") and s.bonus == ""
    assert refused(s, "S", "recruit", card="L4", quadrant="fools").code == "once"


def test_one_recruiting_stop_a_turn():
    s = roll(act(game(), "S", "recruit", card="L1", quadrant="fools"), 5)
    assert refused(s, "S", "recruit", card="L2", quadrant="fools").code == "once"
    s = act(s, "S", "end_turn")
    assert s.seat == "N" and act(s, "N", "recruit", card="L2", quadrant="thieves").pending


def test_bonuses_and_penalties_are_applied_once_and_stay():
    """"apply any Player Bonuses or Penalties indicated in red text on the card to the Skill Values
    ... These effects are permanent, and remain even if they lose that Volunteer". L4: Charm +1,
    Magic -1; M4: 2 dollars."""
    s = roll(act(game(), "S", "recruit", card="L4", quadrant="fools"), 6)
    p = s.player("S")
    assert (p.charm, p.magic) == (3, 1)
    s = act(act(s, "S", "end_turn"), "N", "bribe", card="M4", quadrant="thieves")
    assert s.player("N").dollars == 5 - 2 + 2


def test_touching_an_infectious_card_gives_the_pox_even_when_the_recruit_fails():
    """"that player becomes infected with 'The Pox' instantly when they touch the card; even if
    they fail or choose not to recruit that Volunteer." "they lose one point from their current
    Charm level until cured.\""""
    s = roll(act(game(), "S", "recruit", card="M2", quadrant="fools"), 2)
    assert s.player("S").pox and s.player("S").hand == () and s.player("S").charm_now == 1


def test_a_dragon_in_the_quadrant_stops_recruiting():
    """"When a Dragon is in play in a Guild Quadrant no player may recruit a Volunteer ... in the
    affected quadrant.\""""
    s = game()._replace(dragons=(("thieves", "D1"),))
    assert refused(s, "S", "recruit", card="L1", quadrant="thieves").code == "dragon"
    assert act(s, "S", "recruit", card="L1", quadrant="fools").pending


def test_a_card_held_by_someone_cannot_be_recruited():
    s = game(hands={"N": ("L1",)})
    r = refused(s, "S", "recruit", card="L1", quadrant="fools")
    assert r.code == "wrong_card" and "N" in r.message and "L1" not in r.public


def test_the_tavern_table_brings_a_volunteer_of_the_deck_its_face_names():
    """"Stop on a Tavern tile and roll on the Tavern table on the Players Guide to recruit a
    random Volunteer." The test box's faces 5 and 6 bring a Shades & Shadows volunteer; 1 and 2
    nobody; an 8 there brings no extra ("This does not apply when making a recruiting roll in a
    Tavern")."""
    s = roll(act(game(), "S", "tavern", quadrant="fools"), 5)
    assert s.free == "shades"
    assert refused(s, "S", "recruit", card="L1", quadrant="fools").code == "wrong_card"
    s = act(s, "S", "recruit", card="B1", quadrant="fools")
    assert s.player("S").hand == ("B1",) and s.pending is None
    nobody = roll(act(game(), "S", "tavern", quadrant="fools"), 1)
    assert nobody.free == "" and refused(nobody, "S", "recruit", card="L1", quadrant="fools").code == "once"
    eight = roll(act(game(), "S", "tavern", quadrant="fools"), 8)
    assert eight.free == "lords" and eight.bonus == ""
