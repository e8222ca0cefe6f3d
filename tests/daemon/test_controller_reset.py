"""PREV+NEXT for 3 s: abandon (PLAY) or keep playing (BACK); game over back to attract."""

from clacks_hw.daemon.resume import find
from clacks_hw.journal import read_journal
from tests.daemon.test_controller_whole_game import play_out
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def test_back_keeps_playing(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.start_game()
    before = rig.state
    rig.chord()
    assert rig.ctrl.screen == "confirm"
    rig.press("BACK")
    assert rig.ctrl.screen == "game" and rig.state is before


def test_play_abandons_and_the_game_is_not_resumed(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.start_game()
    path = rig.ctrl.session.path
    rig.chord()
    rig.press("PLAY")
    assert rig.ctrl.screen == "attract" and rig.ctrl.session is None
    assert not path.exists() and path.with_name(path.name + ".abandoned").exists()
    assert find(rig.store).session is None


def test_the_question_times_out_back_to_the_game(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), confirm_s=10)
    rig.start_game()
    rig.chord()
    rig.tick(11)
    assert rig.ctrl.screen == "game"


def test_chord_in_setup_returns_to_attract(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.press("PLAY")
    rig.chord()
    assert rig.ctrl.screen == "attract"


def test_game_over_returns_to_attract_after_a_while(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, attract_after_s=60, flash_s=0.2)
    rig.start_game()
    play_out(rig)
    assert rig.ctrl.screen == "over"
    assert read_journal(rig.ctrl.session.path)
    rig.tick(61)
    assert rig.ctrl.screen == "attract"


def test_play_after_game_over_opens_setup(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, flash_s=0.2)
    rig.start_game()
    play_out(rig)
    rig.press("PLAY")
    assert rig.ctrl.screen == "setup"


def test_a_running_game_is_resumed_by_a_new_controller(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.start_game()
    rig.press("R2" if rig.state.turn.seat in "SN" else "G3")
    state = rig.state
    rig.ctrl.close()
    again = Rig(tmp_path, FakeClock(50.0))
    assert again.ctrl.screen == "attract"  # a Rig does not resume by itself
    session = find(again.store).session
    assert session.state == state
