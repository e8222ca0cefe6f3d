"""Night Shift: a revealed Fault Report card that needs a choice waits in state.pending; the
board previews it for state.pending_seat by itself and PLAY sends the `fault` action."""

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import render
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.core.values import replace
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, play_coop


def night(tmp_path, card, seed=5):
    rig = Rig(tmp_path, FakeClock(0.0), seed=seed)
    rig.start_mode("race", variants=("night_shift",), seats=("S", "N"))
    s = rig.state
    chooser = "N" if s.turn.seat == "S" else "S"  # the player who revealed it, last turn
    rig.ctrl.session.state = replace(s, pending=(card,), pending_seat=chooser, pending_chained=(False,))
    rig.tick(0.1)
    return rig, chooser


def test_a_waiting_spare_shutter_is_previewed_and_play_applies_it(tmp_path):
    rig, chooser = night(tmp_path, "F03")
    board = rig.state.board
    pv = rig.ctrl.preview
    assert pv is not None and pv.act == "fault" and pv.card == "F03" and pv.seat == chooser
    assert len(pv.options) == 16
    rig.press("NEXT")
    lamp = rig.ctrl.preview.choice
    rig.press("PLAY")
    s = rig.state
    assert s.pending == () and s.pending_seat is None
    assert s.board == board ^ lamp
    assert rig.ctrl.preview is None


def test_a_waiting_feedback_loop_takes_a_tower_button(tmp_path):
    rig, _ = night(tmp_path, "F10")
    board = rig.state.board
    assert rig.ctrl.preview.choose == "tower"
    rig.press("R3")
    rig.press("PLAY")
    assert rig.state.pending == () and rig.state.board == board ^ TOWERS[2].mask


def test_back_cannot_dodge_the_choice_and_nothing_else_is_accepted(tmp_path):
    rig, _ = night(tmp_path, "F03")
    rig.press("BACK")
    assert rig.ctrl.preview is not None and rig.ctrl.preview.card == "F03"  # shown again
    rig.tick(1.0)
    hand = rig.state.player(rig.state.turn.seat).hand
    before = rig.state
    rig.tap(hand[0])
    assert rig.state is before and rig.flashing_red and "waits for" in rig.ctrl.message


def test_the_choosing_seat_blinks_while_the_card_waits(tmp_path):
    rig, chooser = night(tmp_path, "F03")
    frames = [render(rig.ctrl.view(t), t) for t in (100.1, 100.5)]
    assert {f.seat(chooser) for f in frames} == {P.PENDING, P.OFF}


def test_a_whole_night_shift_race_resolves_its_reveals_on_the_board(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, flash_s=0.2)
    rig.start_mode("race", variants=("night_shift",), seats=("S", "N"))
    play_coop(rig)
    assert rig.ctrl.screen == "over"
    journal = read_journal(rig.ctrl.session.path)
    faults = [e.action for e in journal.entries if e.action.act == "fault"]
    assert faults and all(a.lamps is not None or a.tower is not None for a in faults)
    assert replay(journal, EDITION).state == rig.ctrl.session.state
