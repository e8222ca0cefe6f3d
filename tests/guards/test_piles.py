"""The cards out of the decks (piles.py): a discarded volunteer waits in its discard pile until
its deck runs out, and an item somebody carries, wherever, is not on sale."""

from __future__ import annotations

from clacks_hw.game.core.view import PUBLIC
from clacks_hw.game.guards.game import GUARDS
from tests.guards.conftest import act, game, refused, roll


def turned_in(hands_n=("M1",)):
    """S turns in the Wanted M3 at a Watch House and ends the turn; N holds ``hands_n``."""
    s = act(game(hands={"S": ("M3",), "N": hands_n}), "S", "turn_in", cards=["M3"])
    return act(s, "S", "end_turn")


def test_a_volunteer_turned_in_lies_in_the_discard_pile_not_in_the_deck():
    """Line 766: "Turned in Volunteer/s go to the relevant discard pile/s"; line 800: only "If any
    deck runs out, the discard pile of that deck is shuffled and a new deck created". M2 and M4
    are still in the Man & Beast deck, so M3 cannot be recruited."""
    s = turned_in()
    assert s.discards == ("M3",)
    assert refused(s, "N", "recruit", card="M3", quadrant="thieves").code == "wrong_card"
    assert refused(s, "N", "bribe", card="M3", quadrant="thieves").code == "wrong_card"
    assert act(s, "N", "recruit", card="M2", quadrant="thieves").pending.kind == "charm"  # the deck's own


def test_a_deck_run_out_takes_its_discard_pile_for_a_new_deck():
    """Line 800: "If any deck runs out, the discard pile of that deck is shuffled and a new deck
    created, remembering to place a face up character card alongside if it is a Volunteer deck."
    N holds M1 and M2: M4 is the card left, the one "displayed face up" (line 332), so the face
    down deck has run out and M3 is in the new deck."""
    s = turned_in(hands_n=("M1", "M2"))
    assert s.discards == ()
    assert act(s, "N", "recruit", card="M3", quadrant="thieves").pending.kind == "charm"
    assert turned_in(hands_n=("M1",)).discards == ("M3",)  # M2 and M4 left: one may be face down


def test_with_only_failed_recruits_face_up_left_the_deck_may_have_run_out():
    """Line 330: "If a player fails to recruit a Volunteer the card is placed face up on top of the
    relevant 'face up' pile." M2 and M4 are left: while one may be face down, M3 stays in the
    pile; once N fails to charm M2, both may lie face up, the face-down deck run out (line 800),
    and M3 recruited is the table's new deck, its pile shuffled in."""
    s = roll(act(turned_in(), "N", "recruit", card="M2", quadrant="thieves"), 2)  # short of Charm 6
    assert s.face_up == ("M2",) and s.discards == ("M3",)
    failed = s
    s = act(act(act(s, "N", "end_turn"), "S", "end_turn"), "N", "recruit", card="M3", quadrant="thieves")
    assert s.discards == () and s.pending.get("card") == "M3"
    bribed = act(failed, "N", "bribe", card="M2", quadrant="thieves")  # M2 joins: face up no more, and
    assert bribed.face_up == () and bribed.discards == ()  # M4 alone is left, the one shown: run out


def test_the_runners_of_a_returned_spell_are_discarded():
    """Line 400: "Discard their Runners - Volunteers used in a successful Spell Run must be returned
    to the relevant discard decks"; line 804: "Used or defeated Volunteer cards must always be
    placed in the relevant discard pile"."""
    s = act(game(hands={"S": ("M1",)}), "S", "spell_run", spell="s1", cards=["M1"], route=["fools"])
    s = roll(act(s, "S", "challenge"), 7)  # streetwise 4 + 7 = 11 against 10
    assert s.player("S").returned == ("s1",) and s.discards == ("M1",)
    assert refused(act(s, "S", "end_turn"), "N", "recruit", card="M1", quadrant="thieves").code == "wrong_card"


def test_the_discard_piles_are_on_the_table_for_everybody():
    """The piles lie beside the decks (Set Up, line 182: "Leave a space for a discard pile"), and
    every card reaches them in the open: the public view shows them."""
    assert GUARDS.position(turned_in(), PUBLIC)["discards"] == {"man_beast": ["M3"]}


def test_an_item_a_planted_saboteur_carries_is_not_for_sale():
    """Line 565: "The selected Item should be placed face down along with the Saboteur card": it is
    out of the Odds & Sods deck (line 824: only a discarded item goes back to a deck), so nobody
    buys it, and the refusal tells the buyer alone which card."""
    s = game(hands={"N": ("B1",)}, N={"items": ("CLUB",)})
    s = roll(act(act(s, "S", "end_turn"), "N", "plant", card="B1", quadrant="thieves", item="CLUB"), 3)
    assert s.player("N").saboteurs[0].item == "CLUB" and s.player("N").items == ()
    s = act(s, "N", "end_turn")
    why = refused(s, "S", "buy", item="CLUB", quadrant="fools")
    assert why.code == "wrong_card" and GUARDS.public_text(s, why) == "S cannot buy that card."
    assert act(s, "S", "buy", item="HELM", quadrant="fools").player("S").items == ("HELM",)


def test_an_item_a_runner_carries_is_not_for_sale():
    """Line 359: "they may equip their chosen Volunteer/s with any Items they have acquired"; the
    runner carries it to the gate, and only a successful run returns it "to the bottom of an Odds
    & Sods deck" (line 400)."""
    s = game(hands={"S": ("M1",)}, S={"items": ("HELM",)})
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], items={"M1": "HELM"}, route=["fools"])
    failed = roll(act(s, "S", "challenge"), 3)  # 4 + 3 against 10: the runner waits at the gate
    assert failed.seat == "N" and failed.run_of("S").runners == (("M1", "HELM"),)
    assert refused(failed, "N", "buy", item="HELM", quadrant="thieves").code == "wrong_card"
    returned = roll(act(s, "S", "challenge"), 7)
    assert act(act(returned, "S", "end_turn"), "N", "buy", item="HELM", quadrant="thieves").player("N").items \
        == ("HELM",)
