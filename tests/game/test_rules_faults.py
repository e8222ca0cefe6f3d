"""Fault Report cards: any player, any time, no stress points, the effects of docs/rules.md."""

from clacks_hw.game.clacks.board import FULL
from clacks_hw.game.core.values import replace

from .conftest import (
    ED,
    L,
    T,
    at_turn,
    end,
    fault,
    game,
    move,
    ok,
    play,
    player,
    refused,
)

ALL = tuple(f"F{i:02d}" for i in range(1, 13))


def position(s_faults=(), n_faults=(), hand=("J29", "J30", "J05")):
    s = game(2)
    held = set(s_faults) | set(n_faults)
    s = replace(s, fault_deck=tuple(c for c in ALL if c not in held))
    s = player(s, "S", tower=T("R1"), hand=hand, faults=tuple(s_faults), last_tx=T("R1"))
    s = player(s, "N", tower=T("R5"), faults=tuple(n_faults), last_tx=T("R5"))
    return at_turn(s, "S")


def test_the_edition_has_the_twelve_fault_cards():
    names = [ED.cards[c].name for c in ALL]
    assert names == ["OVERLOAD", "BLACKOUT", "SPARE SHUTTER", "SPARE SHUTTER", "OILED GEARS",
                     "OILED GEARS", "SEIZED GEARS", "SEIZED GEARS", "TOWER LOCKDOWN",
                     "FEEDBACK LOOP", "EMERGENCY REPAIR", "CLACKS TECHNICIAN"]


def test_any_player_at_any_time_for_no_stress_points_then_bottom_of_the_deck():
    s = position(n_faults=("F01",))
    t = ok(s, fault("N", "F01"))  # on S's turn
    assert t.turn.seat == "S" and t.turn.spent == 0
    assert t.player("N").faults == ()
    assert t.fault_deck[-1] == "F01" and t.fault_deck[:-1] == s.fault_deck


def test_a_fault_card_must_be_held_tracked():
    s = position(n_faults=("F01",))
    refused(s, fault("S", "F01"), "not_in_hand", "S", "F01", "none")
    refused(s, fault("S", "J05"), "not_a_fault", "J05", "jacquard")
    refused(s, fault("S", "F77"), "unknown_card", "F77")


def test_overload_and_blackout():
    s = position(n_faults=("F01", "F02"))
    t = ok(s, fault("N", "F01"))
    assert t.board == FULL
    assert t.turn.flipped == FULL ^ s.board, "the lamps it changed count as flipped"
    t = ok(t, fault("N", "F02"))
    assert t.board == 0 and t.turn.flipped == FULL


def test_spare_shutter_flips_one_lamp_of_your_choice():
    s = position(s_faults=("F03",))
    t = ok(s, fault("S", "F03", lamps=L(7)))
    assert t.board == s.board ^ L(7) and t.turn.flipped & L(7)
    refused(s, fault("S", "F03"), "needs_lamps", "SPARE SHUTTER", "lamp")
    refused(s, fault("S", "F03", lamps=L(6, 7)), "bad_placement", "SPARE SHUTTER", "6, 7")


def test_feedback_loop_flips_all_six_lamps_of_a_tower():
    s = position(n_faults=("F10",))
    t = ok(s, fault("N", "F10", tower="G4"))
    assert t.board == s.board ^ L(5, 6, 7, 9, 10, 11)
    refused(s, fault("N", "F10"), "needs_tower", "FEEDBACK LOOP", "tower")


def test_oiled_gears_gives_the_current_player_two_more_points():
    s = position(n_faults=("F05",), hand=("J05", "J06", "J29"))
    s = ok(s, play("S", "J05", L(0, 1)))
    s = ok(s, play("S", "J29", L(10, 11, 14, 15)))
    refused(s, play("S", "J06", L(2, 3)), "over_budget", "J06", "3 stress points", "1 is left")
    s = ok(s, fault("N", "F05"))  # anyone may help (or play it on their own turn)
    assert s.turn.budget == 7
    t = ok(s, play("S", "J06", L(2, 3)))
    assert t.turn.spent == 7


def test_seized_gears_takes_two_points_from_the_current_player():
    s = position(n_faults=("F07",), hand=("J05", "J06", "J29"))
    s = ok(s, fault("N", "F07"))
    assert s.turn.budget == 3
    s = ok(s, move("S", "R2"))
    refused(s, play("S", "J05", L(0, 1)), "over_budget", "J05", "3 stress points", "2 are left")


def test_tower_lockdown_forbids_moving_this_turn_only():
    s = position(n_faults=("F09",), hand=("J29", "J30", "J31"))
    t = ok(s, fault("N", "F09"))
    refused(t, move("S", "R2"), "locked_down", "TOWER LOCKDOWN")
    t = ok(ok(t, play("S", "J29", L(10, 11, 14, 15))), end("S"))
    assert ok(t, move("N", "R6")).player("N").tower == T("R6")


def test_tower_lockdown_after_a_tentative_move_leaves_the_pawn_there():
    s = position(n_faults=("F09",))
    s = ok(s, move("S", "R3"))
    t = ok(s, fault("N", "F09"))
    assert t.player("S").tower == T("R3") and t.turn.move_cost == 2
    refused(t, move("S", "R1"), "locked_down")


def test_clacks_technician_draws_two_fault_cards():
    s = position(s_faults=("F12",))
    top2 = s.fault_deck[:2]
    t = ok(s, fault("S", "F12"))
    assert t.player("S").faults == top2
    assert t.fault_deck == s.fault_deck[2:] + ("F12",)


def test_clacks_technician_draws_as_many_as_remain():
    s = position(s_faults=("F12",), n_faults=ALL[:10])
    assert s.fault_deck == ("F11",)
    t = ok(s, fault("S", "F12"))
    assert t.player("S").faults == ("F11",) and t.fault_deck == ("F12",)


def test_emergency_repair_cancels_the_card_just_played_against_you():
    s = position(s_faults=("F11",), n_faults=("F02",))
    hit = ok(s, fault("N", "F02"))
    assert hit.board == 0
    t = ok(hit, fault("S", "F11"))
    assert t.board == s.board and t.turn._replace(moments=()) == s.turn
    assert [m.code for m in t.turn.moments] == ["fault_cancelled"], "the cancel is noted on the turn"
    assert t.player("S").faults == () and t.player("N").faults == ()
    assert t.fault_deck == s.fault_deck + ("F02", "F11")
    assert t.last_fault is None


def test_emergency_repair_restores_the_budget_too():
    s = position(s_faults=("F11",), n_faults=("F07",))
    t = ok(ok(s, fault("N", "F07")), fault("S", "F11"))
    assert t.turn.budget == 5


def test_emergency_repair_needs_a_card_just_played_by_someone_else():
    s = position(s_faults=("F11", "F02"), n_faults=("F01",))
    refused(s, fault("S", "F11"), "nothing_to_cancel", "EMERGENCY REPAIR")
    own = ok(s, fault("S", "F02"))
    refused(own, fault("S", "F11"), "nothing_to_cancel")
    hit = ok(s, fault("N", "F01"))
    later = ok(hit, play("S", "J29", L(10, 11, 14, 15)))
    refused(later, fault("S", "F11"), "nothing_to_cancel")  # only the very next action



def test_seized_gears_after_spending_leaves_nothing_to_spend_and_never_a_negative_count():
    s = position(n_faults=("F07",), hand=("J29", "J30", "J31"))
    s = ok(s, move("S", "R3"))  # 2 points
    s = ok(s, play("S", "J29", L(10, 11, 14, 15)))  # 3 spent
    s = ok(s, fault("N", "F07"))  # budget 3: nothing left, nothing taken back
    assert s.turn.spent == 3 and s.turn.budget == 3
    r = refused(s, play("S", "J30", L(8, 9, 12, 13)), "over_budget", "J30", "0 are left")
    s2 = position(n_faults=("F07",), hand=("J29", "J30", "J31"))
    s2 = ok(ok(s2, move("S", "R6")), play("S", "J29", L(8, 9, 12, 13)))  # 4 spent
    s2 = ok(s2, fault("N", "F07"))
    r = refused(s2, play("S", "J30", L(0, 1, 4, 5)), "over_budget", "J30")
    assert "-" not in r.message, f"a negative count of points left: {r.message!r}"
    assert ok(s2, end("S")).turn.seat == "N"
