"""Physical hands in the team and junior games: a swap is the report card and the jacquard
put down, then any jacquard tapped is the lifted one; Fault Report cards the players reveal in
Night Shift and the Junior Race are tapped and sent as `fault`."""

from clacks_hw.game.clacks.board import FULL
from clacks_hw.game.core.values import replace
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def physical(tmp_path, mode="race", seats=("S", "N"), variants=()):
    rig = Rig(tmp_path, FakeClock(0.0), seed=4, hands="physical")
    rig.start_mode(mode, seats=seats, variants=variants)
    assert rig.state.config.hands == "physical"
    return rig


def last_action(rig):
    return read_journal(rig.ctrl.session.path).entries[-1].action


def test_a_physical_swap_then_the_lifted_jacquard_is_tapped(tmp_path):
    rig = physical(tmp_path)
    seat = rig.state.turn.seat
    source = next(r.card for r in rig.state.reports if r.card not in ("L02", "L07", "I06"))
    rig.tap(source)
    assert rig.ctrl.swap is not None and rig.ctrl.swap.hand == ()
    rig.press("PLAY")  # nothing to cycle: the player must tap the jacquard put down
    assert rig.flashing_red and rig.ctrl.swap is not None
    rig.tick(1.0)
    rig.tap("J10")
    s = rig.state
    a = last_action(rig)
    assert (a.act, a.card, a.source) == ("swap", "J10", source)
    assert s.turn.lifted == "*" and "J10" in s.discard
    assert any("tap the jacquard you lifted" in r for r in rig.reports)
    rig.tap("J22")  # whatever lay on the card
    rig.press("PLAY")
    s = rig.state
    assert "J22" in s.discard and (s.turn.seat != seat or s.turn.lifted is None)


def test_a_physical_swap_with_a_discarded_card_is_refused_and_waits(tmp_path):
    rig = physical(tmp_path)
    s = rig.state
    rig.ctrl.session.state = replace(s, discard=s.discard + ("J10",))  # played in an earlier turn
    source = next(r.card for r in rig.state.reports if r.card not in ("L02", "L07", "I06"))
    rig.tap(source)
    before = rig.state
    rig.tap("J10")
    assert rig.state is before and rig.flashing_red and "discard pile" in rig.ctrl.message
    assert rig.ctrl.swap is not None and rig.ctrl.swap.step == "discard"


def test_a_physical_swap_for_a_lamp_card_chooses_the_lamp_first(tmp_path):
    rig = physical(tmp_path)
    s = rig.state
    reports = tuple(replace(r, card="L07") if r.card.startswith("L") and k == 2 else r
                    for k, r in enumerate(s.reports))
    rig.ctrl.session.state = replace(s, reports=reports)
    board = rig.state.board
    rig.tap("L07")
    rig.tap("J11")
    assert rig.ctrl.swap.step == "choice"
    lamp = rig.ctrl.swap.choice.choice
    rig.press("PLAY")
    a = last_action(rig)
    assert a.act == "swap" and a.lamps == lamp and rig.state.board == board ^ lamp


def test_night_shift_a_tapped_fault_card_is_sent_as_fault(tmp_path):
    rig = physical(tmp_path, variants=("night_shift",))
    seat = rig.state.turn.seat
    rig.tap("F01")  # OVERLOAD, revealed and tapped
    a = last_action(rig)
    assert (a.seat, a.act, a.card) == (seat, "fault", "F01") and rig.state.board == FULL
    rig.tap("F03")  # SPARE SHUTTER: choose the lamp
    pv = rig.ctrl.preview
    assert pv.act == "fault" and pv.card == "F03"
    rig.press("PLAY")
    a = last_action(rig)
    assert a.act == "fault" and a.card == "F03" and a.lamps == pv.choice


def test_without_night_shift_fault_cards_are_refused(tmp_path):
    rig = physical(tmp_path)
    before = rig.state
    rig.tap("F01")
    assert rig.state is before and rig.flashing_red and "Night Shift" in rig.ctrl.message


def test_junior_a_revealed_card_waits_for_its_tap(tmp_path):
    rig = physical(tmp_path, mode="junior_race", seats=("S", "W"))
    s = rig.state
    other = "W" if s.turn.seat == "S" else "S"
    rig.ctrl.session.state = replace(s, pending=(None,), pending_seat=other, pending_chained=(False,))
    rig.tick(0.1)
    assert rig.ctrl.preview is None  # unknown until tapped
    rig.tap("F02")  # BLACKOUT
    a = last_action(rig)
    assert (a.seat, a.act, a.card) == (other, "fault", "F02")
    assert rig.state.pending == () and rig.state.board == 0
