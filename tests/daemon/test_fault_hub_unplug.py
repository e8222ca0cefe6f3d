"""The reader hub unplugged and plugged back mid-turn: shown (amber), retried, the game goes on."""

from clacks_hw.daemon import palette as P
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.testing.hil_board import HilBoard, start_competitive


def test_unplug_and_replug_mid_turn(tmp_path):
    with HilBoard(tmp_path) as board:
        start_competitive(board)
        board.press("R2" if board.state.turn.seat in "SN" else "G3")
        before = board.state
        board.hub.unplug()
        board.wait_for(lambda e: isinstance(e, ReaderEvent) and e.kind == "offline", timeout=8)
        board.wait_frame(lambda f: all(f.seat(s)[2] == 0 and f.seat(s)[0] > 0 for s in "SWNE"))
        assert board.state is before
        board.hub.replug()
        board.wait_for(lambda e: isinstance(e, ReaderEvent) and e.kind == "online", timeout=8)
        assert not board.controller.reader_offline
        board.tap(board.state.current.hand[0])  # cards work again
        assert board.controller.preview is not None
        assert board.state is before
        seat = board.state.turn.seat
        board.press("BACK")
        board.wait_frame(lambda f: f.seat(seat) == P.SEAT[seat])
