"""A card resting on the reader is one tap; a chattering button is one press."""

from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.testing.hil_board import HilBoard, start_competitive
from tests.fakes.daemon_rig import uid_of


def test_card_held_on_the_reader_is_one_tap(tmp_path):
    with HilBoard(tmp_path) as board:
        start_competitive(board)
        card = board.state.current.hand[0]
        board.hub.place_card(0, bytes.fromhex(uid_of(card)))
        seen = board.collect(1.2)  # several heartbeats and poll rounds
        board.hub.remove_card(0)
        tags = [e for e in seen if isinstance(e, ReaderEvent) and e.kind == "tag"]
        assert len(tags) == 1
        assert board.controller.preview.card == card and board.controller.preview.index == 0


def test_chattering_button_is_one_press(tmp_path):
    with HilBoard(tmp_path) as board:
        start_competitive(board)
        board.tap(board.state.current.hand[0])
        pin = board.pin("NEXT")
        for _ in range(10):  # bounces well inside the 5 ms debounce window
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        board.wait_for(lambda e: isinstance(e, ButtonEvent) and e.kind == "press" and e.button == "NEXT")
        pin.drive_high()
        seen = board.collect(0.2)
        presses = [e for e in seen if isinstance(e, ButtonEvent) and e.kind == "press"]
        assert presses == []
        assert board.controller.preview.index == 1
