"""The discards go back into the bag the moment the last jacquard is drawn (manual p. 6),
in every game, so cards played afterwards stay on the discard pile."""

import pytest

from clacks_hw.game.clacks.deck import take_from_bag
from clacks_hw.game.core.values import replace
from tests.coop.conftest import junior, race, solitaire

from .conftest import ED, L, T, at_turn, end, game, ok, play, player, refused

SQ_A = L(0, 1, 4, 5)
GAMES = {"competitive": lambda: game(2), "race": race, "solitaire": solitaire, "junior": junior}


@pytest.mark.parametrize("mode", sorted(GAMES))
def test_drawing_the_last_jacquard_puts_the_discards_back_at_once(mode):
    s = GAMES[mode]()
    s = replace(s, bag=s.bag[:1], discard=s.bag[1:4])
    t, card = take_from_bag(s)
    assert card == s.bag[0]
    assert t.discard == () and sorted(t.bag) == sorted(s.discard), "the discards are back in the bag"
    assert t.shuffles == s.shuffles + 1


def test_a_card_played_after_the_last_draw_stays_on_the_discard_pile():
    s = game(2)
    s = player(s, "S", tower=T("R1"), last_tx=T("R1"), hand=("J29", "J30", "J31"))
    s = at_turn(replace(s, bag=("J01",), discard=("J10", "J11")), "S")
    t = ok(ok(s, play("S", "J29", SQ_A)), end("S"))
    assert t.player("S").hand == ("J30", "J31", "J01")
    assert t.discard == () and sorted(t.bag) == ["J10", "J11", "J29"]


def test_physical_a_card_on_the_discard_pile_after_the_refill_is_refused():
    s = game(2, hands="physical")
    s = player(s, "S", tower=T("R1"), last_tx=T("R1"))
    s = player(s, "N", tower=T("R5"))
    # 6 cards in hands, 41 on the discard pile: one left in the bag once S plays J29.
    pile = tuple(j for j in ED.jacquards if j not in ("J29", "J33", "J01", "J02", "J03", "J04", "J05"))
    s = at_turn(replace(s, discard=pile), "S")
    t = ok(ok(s, play("S", "J29", SQ_A)), end("S"))  # S draws the last jacquard
    assert t.discard == (), "the players put the discards back into the bag at once"
    t = ok(t, play("N", "J33", L(12, 13, 14, 15)))
    t = ok(t, end("N"))
    assert t.discard == ("J33",)
    refused(at_turn(t, "S"), play("S", "J33", L(12, 13, 14, 15)), "in_discard", "J33")
