"""Each of the 12 Fault Report cards with its Night Shift meaning, revealed by a drawn
stamped jacquard after S's turn and applied before N's turn (decision 7)."""

import pytest

from .conftest import (
    ED,
    FAR,
    F,
    L,
    end,
    fault,
    night,
    ok,
    play,
    refused,
    s_turn_with_stamped_draw,
    tower_mask,
)

FULL = 0xFFFF


def test_the_twelve_fault_cards():
    names = [ED.cards[c].name for c in ED.deck("fault")]
    assert len(names) == 12
    assert sorted(set(names)) == sorted(F)
    for name in ("SPARE SHUTTER", "OILED GEARS", "SEIZED GEARS"):
        assert names.count(name) == 2


def fault_ids(name):
    return [c for c in ED.deck("fault") if ED.cards[c].name == name]


@pytest.mark.parametrize("card", fault_ids("OVERLOAD"))
def test_overload_every_lamp_on_not_counted_as_flipped_next_turn(card):
    s = s_turn_with_stamped_draw(night(on_board=0x00F0), card)
    assert s.turn.seat == "N"
    assert s.board == FULL
    assert s.turn.flipped == 0
    assert s.fault_deck[-1] == card, "the revealed card goes under the deck"


@pytest.mark.parametrize("card", fault_ids("BLACKOUT"))
def test_blackout_every_lamp_off(card):
    s = s_turn_with_stamped_draw(night(on_board=0x00F0), card)
    assert s.board == 0 and s.turn.seat == "N" and s.turn.flipped == 0


@pytest.mark.parametrize("card", fault_ids("SPARE SHUTTER"))
def test_spare_shutter_waits_for_the_revealing_players_lamp(card):
    s = s_turn_with_stamped_draw(night(), card)
    assert s.pending == (card,) and s.pending_seat == "S" and s.turn.seat == "N"
    before = s.board
    n_card = s.player("N").hand[0]
    refused(s, play("N", n_card, ED.jacquards[n_card].shape.placements[0]), "choice_pending")
    refused(s, end("N"), "choice_pending")
    refused(s, fault("N", card, lamps=L(3)), "not_your_choice")
    refused(s, fault("S", card), "needs_lamps")
    refused(s, fault("S", card, lamps=L(3, 7)), "needs_lamps")
    other = "F01" if card != "F01" else "F02"
    refused(s, fault("S", other), "wrong_card")
    t = ok(s, fault("S", card, lamps=L(3)))
    assert t.board == before ^ L(3) and t.pending == () and t.pending_seat is None
    assert t.turn.seat == "N" and t.turn.flipped == 0


@pytest.mark.parametrize("card", fault_ids("OILED GEARS"))
def test_oiled_gears_two_fewer_post_office_steps_on_the_next_players_turn(card):
    s = s_turn_with_stamped_draw(night(), card)
    assert s.post_office == 1, "S's own turn is not discounted"
    assert s.turn.seat == "N" and s.turn.po_discount == 2
    n_card = s.player("N").hand[0]
    cost = ED.jacquards[n_card].cost
    s = ok(s, play("N", n_card, ED.jacquards[n_card].shape.placements[0]))
    if s.turn.seat == "N":
        s = ok(s, end("N"))
    assert s.post_office == 1 + max(0, cost - 2)


@pytest.mark.parametrize("card", fault_ids("SEIZED GEARS"))
def test_seized_gears_moves_the_post_office_two_steps(card):
    s = s_turn_with_stamped_draw(night(), card)
    assert s.post_office == 1 + 2 and s.card_moves == 2 and s.stress_total == 1


def test_tower_lockdown_does_nothing_without_pawns():
    plain = s_turn_with_stamped_draw(night(on_board=L(0)), "F06")  # for comparison: nothing else
    s = s_turn_with_stamped_draw(night(on_board=L(0)), "F09")
    assert s.board == L(0) ^ FAR and s.post_office == 1 and s.pending == ()
    assert s.turn.seat == "N" and not s.turn.no_move and s.turn.po_discount == 0
    assert plain.turn.po_discount == 2


def test_feedback_loop_flips_the_six_lamps_of_the_chosen_tower():
    s = s_turn_with_stamped_draw(night(), "F10")
    assert s.pending == ("F10",) and s.pending_seat == "S"
    refused(s, fault("S", "F10"), "needs_tower")
    before = s.board
    t = ok(s, fault("S", "F10", tower="G4"))
    assert t.board == before ^ tower_mask("G4") and t.turn.flipped == 0 and t.pending == ()


def test_emergency_repair_sets_a_shield_for_the_three_named_cards():
    s = s_turn_with_stamped_draw(night(), "F11")
    assert set(s.shield) == {"OVERLOAD", "BLACKOUT", "SEIZED GEARS"}
    assert s.board == FAR and s.post_office == 1


def test_clacks_technician_reveals_and_applies_the_next_two():
    s = s_turn_with_stamped_draw(night(on_board=0x00F0), "F12", "F02", "F07", "F01")
    assert s.board == 0, "BLACKOUT applied"
    assert s.post_office == 1 + 2, "SEIZED GEARS applied"
    assert s.fault_deck[0] == "F01", "the third card stays on the deck"
    assert s.fault_deck[-3:] == ("F12", "F02", "F07")
