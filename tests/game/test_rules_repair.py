"""EMERGENCY REPAIR cancels only a Fault Report card another seat just played that harms the
repairer (docs/rules.md, decision 6)."""

from .conftest import at_turn, fault, ok, refused
from .test_rules_faults import position


def test_a_card_that_only_helps_its_player_cannot_be_cancelled():
    s = position(s_faults=("F05",), n_faults=("F11",))  # S's own turn: OILED GEARS for herself
    helped = ok(s, fault("S", "F05"))
    assert helped.turn.budget == 7
    r = refused(helped, fault("N", "F11"), "not_against_you", "OILED GEARS", "S")
    assert "harm" in r.message


def test_a_budget_cut_is_cancelled_only_by_the_player_whose_turn_it_cuts():
    s = position(s_faults=("F07",), n_faults=("F11",))
    cut = ok(s, fault("S", "F07"))  # S cuts her own budget: nothing against N
    refused(cut, fault("N", "F11"), "not_against_you", "SEIZED GEARS")
    s = at_turn(position(s_faults=("F11",), n_faults=("F07",)), "S")
    t = ok(ok(s, fault("N", "F07")), fault("S", "F11"))
    assert t.turn.budget == 5


def test_a_lockdown_on_someone_else_is_not_against_you():
    s = position(s_faults=("F09",), n_faults=("F11",))
    locked = ok(s, fault("S", "F09"))
    refused(locked, fault("N", "F11"), "not_against_you", "TOWER LOCKDOWN")


def test_drawing_cards_is_never_against_anyone():
    s = position(s_faults=("F12",), n_faults=("F11",))
    drew = ok(s, fault("S", "F12"))
    refused(drew, fault("N", "F11"), "not_against_you", "CLACKS TECHNICIAN")


def test_a_lamp_change_harms_everyone():
    s = position(s_faults=("F02",), n_faults=("F11",))
    dark = ok(s, fault("S", "F02"))
    t = ok(dark, fault("N", "F11"))
    assert t.board == s.board
