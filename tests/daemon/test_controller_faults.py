"""Fault Report cards: tapped at any time; flips use the same preview."""

from clacks_hw.game.clacks.board import FULL, TOWERS
from clacks_hw.game.core.values import replace
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def game_with_fault(tmp_path, card, seat=None):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    s = rig.state
    p = s.player(seat or s.turn.seat)
    rig.ctrl.session.state = s.with_player(replace(p, faults=p.faults + (card,)))
    return rig


def test_overload_applies_at_once(tmp_path):
    rig = game_with_fault(tmp_path, "F01")
    rig.tap("F01")
    assert rig.state.board == FULL


def test_spare_shutter_previews_a_lamp_and_play_flips_it(tmp_path):
    rig = game_with_fault(tmp_path, "F03")
    board = rig.state.board
    rig.tap("F03")
    pv = rig.ctrl.preview
    assert pv.act == "fault" and len(pv.options) == 16
    rig.press("NEXT")
    mask = rig.ctrl.preview.choice
    rig.press("PLAY")
    assert rig.state.board == board ^ mask


def test_feedback_loop_chooses_a_tower_by_its_button(tmp_path):
    rig = game_with_fault(tmp_path, "F10")
    board = rig.state.board
    rig.tap("F10")
    assert rig.ctrl.preview.choose == "tower"
    rig.press("G4")
    assert rig.ctrl.preview.mask == TOWERS[9].mask
    rig.press("PLAY")
    assert rig.state.board == board ^ TOWERS[9].mask


def test_the_other_player_can_play_a_fault_card_on_your_turn(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    s = rig.state
    other = s.next_seat(s.turn.seat)
    o = s.player(other)
    rig.ctrl.session.state = s.with_player(replace(o, faults=o.faults + ("F07",)))
    rig.tap("F07")
    assert rig.state.turn.budget == 3
    assert "F07" not in rig.state.player(other).faults


def test_a_fault_card_nobody_holds_is_rejected(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game()
    held = {c for p in rig.state.players for c in p.faults}
    card = next(f"F{k:02d}" for k in range(1, 13) if f"F{k:02d}" not in held and k not in (3, 4, 10, 11))
    before = rig.state
    rig.tap(card)
    assert rig.state is before and rig.ctrl.view(rig.clock.now()).error_since is not None
