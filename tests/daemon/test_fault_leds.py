"""A failing LED backend: logged and retried; the game goes on and the board recovers."""

from clacks_hw.base.clock import SystemClock
from clacks_hw.drivers.frame import Frame
from clacks_hw.testing.hil_board import HilBoard
from tests.fakes.failing_leds import FailingLeds


def test_game_goes_on_while_leds_fail_and_recovers(tmp_path, caplog):
    leds = FailingLeds(SystemClock())
    with HilBoard(tmp_path, hub=False, leds=leds) as board:
        board.press("PLAY")
        for _ in range(4):
            board.press("PLAY")
        assert board.controller.screen == "game"
        leds.break_(fail_times=3)
        seat = board.state.turn.seat
        board.press("R2" if seat in "SN" else "G3")
        actions = board.controller.session.actions
        assert actions == 1 and board.state.current.tower is not None
        board.wait_for(lambda e: isinstance(e, Frame) and leds.fail_times == 0, timeout=5)
        assert board.daemon.leds.health.ok
        last = leds.shown[-1][1]
        assert last.tower("R2" if seat in "SN" else "G3") != (0, 0, 0)
    assert "LED output failed" in caplog.text
