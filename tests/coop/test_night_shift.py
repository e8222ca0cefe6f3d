"""Night Shift reveals: which draws reveal, when the card applies, EMERGENCY REPAIR's shield
and CLACKS TECHNICIAN's chain (decision 7, the Czech edition's wording)."""

from clacks_hw.game.core.values import replace

from .conftest import (
    FAR,
    STAMPED,
    F,
    L,
    at_turn,
    bag_top,
    board,
    end,
    fault,
    fault_top,
    hand,
    night,
    ok,
    play,
    race,
    ready_to_send,
    s_turn_with_stamped_draw,
    sig,
    solitaire,
    tower_mask,
    unstamped_bag,
)

FULL = 0xFFFF


def test_a_stamped_keeping_draw_reveals_one_card_before_the_next_turn():
    s = s_turn_with_stamped_draw(night(), "F01")
    assert s.turn.seat == "N" and s.board == FULL
    assert "J04" in s.player("S").hand


def test_an_unstamped_draw_reveals_nothing():
    s = fault_top(bag_top(night(), "J19"), "F01")
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert s.board == FAR and s.fault_deck[0] == "F01"


def test_the_card_drawn_to_pass_on_reveals_too():
    s = fault_top(bag_top(night(), "J08", "J19"), "F01")
    s = ok(s, play("S", "J30", FAR), play("S", "J33", L(12, 13, 14, 15)), end("S"))
    assert "J08" in s.player("N").hand and "J19" in s.player("S").hand
    assert s.board == FULL


def test_a_passed_card_from_hand_is_not_drawn_and_reveals_nothing():
    s = hand(night(), "S", "J30", "J04")  # a stamped jacquard passed on from the hand
    s = fault_top(bag_top(s, "J19"), "F01")
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert "J04" in s.player("N").hand and s.board == FAR


def test_two_stamped_draws_reveal_two_cards():
    s = fault_top(bag_top(night(), "J08", "J12"), "F02", "F07", "F01")
    s = ok(s, play("S", "J30", FAR), play("S", "J33", L(12, 13, 14, 15)), end("S"))
    assert s.board == 0 and s.post_office == 2 + 2
    assert s.fault_deck[0] == "F01"


def test_without_night_shift_stamps_do_nothing():
    s = at_turn(unstamped_bag(race()), "S")
    s = board(hand(bag_top(s, "J04"), "S", "J30", "J33"), 0)
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert s.board == FAR and s.fault_deck == () and s.pending == ()


def test_a_sending_turn_reveals_after_the_send():
    s = fault_top(bag_top(night(), "J04"), "F02")
    s = ready_to_send(s, "S", "R1", "J30", L(0, 1, 4, 5))
    s = ok(s, play("S", "J30", L(0, 1, 4, 5)))
    assert s.signals_sent == 1 and s.board == 0 and s.turn.seat == "N"


def test_no_reveal_once_the_team_has_won():
    s = replace(night(), signals_sent=11)
    s = fault_top(bag_top(s, "J04"), "F02")
    s = ready_to_send(s, "S", "R1", "J30", L(0, 1, 4, 5))
    s = ok(s, play("S", "J30", L(0, 1, 4, 5)))
    assert s.winner == "team" and s.board == sig("S", "R1", "END")


def test_revealed_lamps_do_not_count_as_flipped_in_the_next_turn():
    """SPARE SHUTTER completes N's signal on R6: N must still flip a lamp of it."""
    s = night()
    target = sig("N", "R6", "A")
    missing = target & -target  # one lamp of it
    s = board(s, target ^ missing)
    s = fault_top(bag_top(s, "J04"), "F03")
    s = ok(s, play("S", "J30", L(0, 1, 4, 5)), end("S"))
    s = ok(s, fault("S", "F03", lamps=missing))
    assert s.board & tower_mask("R6") == target and s.turn.seat == "N"
    s = hand(s, "N", "J31", "J33")
    s = ok(s, play("N", "J31", L(0, 1, 4, 5)))  # away from R6: takes S's square back off
    assert s.signals_sent == 0 and s.turn.seat == "N"


def test_this_turn_effects_of_a_revealed_card_last_only_the_next_players_turn():
    s = s_turn_with_stamped_draw(night(), "F05")
    assert s.turn.seat == "N" and s.turn.po_discount == 2
    n = s.player("N").hand
    s = ok(s, play("N", n[0], s.edition.jacquards[n[0]].shape.placements[-1]))
    if s.turn.seat == "N":
        s = ok(s, end("N"))
    assert s.turn.seat == "S" and s.turn.po_discount == 0


# --- EMERGENCY REPAIR ------------------------------------------------------------------------

def n_turn_with_stamped_draw(s, *faults, stamped="J08"):
    s = fault_top(bag_top(s, stamped), *faults)
    s = hand(s, "N", "J31", "J19")
    return ok(s, play("N", "J31", L(0, 1, 4, 5)), end("N"))


def test_emergency_repair_cancels_the_next_revealed_overload():
    s = s_turn_with_stamped_draw(night(), "F11")
    s = n_turn_with_stamped_draw(s, "F01")
    assert s.board != FULL and s.shield == ()
    assert s.fault_deck[-1] == "F01", "the cancelled card went under the deck all the same"


def test_emergency_repair_cancels_blackout_and_seized_gears():
    for card, check in (("F02", lambda t: t.board != 0), ("F07", lambda t: t.card_moves == 0),
                        ("F08", lambda t: t.card_moves == 0)):
        s = s_turn_with_stamped_draw(night(on_board=L(15)), "F11")
        s = n_turn_with_stamped_draw(s, card)
        assert check(s), card
        assert s.shield == ()


def test_emergency_repair_is_used_up_by_the_next_reveal_whatever_it_is():
    s = s_turn_with_stamped_draw(night(), "F11")
    s = n_turn_with_stamped_draw(s, "F05")  # OILED GEARS: not named, applies
    assert s.turn.po_discount == 2 and s.shield == ()
    s = hand(s, "S", "J30", "J33")
    s = fault_top(bag_top(s, "J12"), "F01")
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert s.board == FULL, "the shield was spent on OILED GEARS"


def test_emergency_repair_shield_survives_a_turn_without_reveals():
    s = s_turn_with_stamped_draw(night(), "F11")
    s = hand(bag_top(s, "J19"), "N", "J31", "J21")
    s = ok(s, play("N", "J31", L(0, 1, 4, 5)), end("N"))
    assert s.shield != ()
    s = hand(s, "S", "J30", "J33")
    s = fault_top(bag_top(s, "J12"), "F01")
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert s.board != FULL and s.shield == ()


def test_emergency_repair_shield_is_for_the_card_revealed_after_it_not_a_pending_one():
    """CLACKS TECHNICIAN reveals SPARE SHUTTER (waiting for S's lamp) then EMERGENCY REPAIR.
    The repair cancels the *next* revealed card; resolving the SPARE SHUTTER revealed
    before it must not spend it."""
    s = s_turn_with_stamped_draw(night(), "F12", "F03", "F11")
    assert s.pending == ("F03",)
    assert set(s.shield) == {"OVERLOAD", "BLACKOUT", "SEIZED GEARS"}
    s = ok(s, fault("S", "F03", lamps=L(3)))
    assert s.board & L(3)
    assert set(s.shield) == {"OVERLOAD", "BLACKOUT", "SEIZED GEARS"}, \
        "resolving a card revealed before the repair used the repair up"


# --- CLACKS TECHNICIAN -----------------------------------------------------------------------

def test_clacks_technician_chain_with_a_choice_waits_for_it():
    s = s_turn_with_stamped_draw(night(), "F12", "F10", "F07")
    assert s.pending == ("F10",) and s.post_office == 1 + 2
    s = ok(s, fault("S", "F10", tower="R2"))
    assert s.pending == ()


def test_a_second_technician_among_the_two_does_nothing():
    s = night()
    s = replace(s, fault_deck=("F12", "F12", "F01", "F02") + tuple(c for c in s.fault_deck
                                                                   if c not in ("F12", "F01", "F02")))
    s = s_turn_with_stamped_draw(s)
    assert s.board == FULL, "the two revealed were TECHNICIAN (nothing) and OVERLOAD"
    assert s.fault_deck[0] == "F02", "BLACKOUT was not revealed: a second Technician chains nothing"


def test_physical_a_tapped_second_technician_does_nothing():
    """Decision 11: in a physical game the players tap what they reveal."""
    s = night(hands="physical")
    s = replace(s, pending=(None,), pending_seat="S")
    s = ok(s, fault("S", "F12"))
    assert s.pending == (None, None) and s.pending_seat == "S"
    s = ok(s, fault("S", "F12"))
    assert s.pending == (None,), "a Technician among the two reveals nothing more"
    s = ok(s, fault("S", "F01"))
    assert s.pending == () and s.board == FULL


def test_physical_a_fault_card_may_be_tapped_whenever_one_is_revealed():
    s = night(hands="physical", on_board=0)
    s = ok(s, fault("N", "F01"))
    assert s.board == FULL and s.turn.seat == "S" and s.turn.flipped == 0


def test_solitaire_night_shift_reveals_on_the_draw_back_up():
    s = at_turn(unstamped_bag(solitaire(variants=("night_shift",))), "S")
    s = board(hand(s, "S", "J30", "J33"), 0)
    s = fault_top(bag_top(s, "J19", "J04"), "F01")
    s = ok(s, play("S", "J30", FAR), play("S", "J33", L(12, 13, 14, 15)), end("S"))
    assert s.player("S").hand == ("J19", "J04") and s.board == FULL


def test_stamped_cards_are_the_twelve_of_game_md():
    assert STAMPED == tuple(f"J{n:02d}" for n in range(4, 49, 4))
    assert F["EMERGENCY REPAIR"] == "F11"
