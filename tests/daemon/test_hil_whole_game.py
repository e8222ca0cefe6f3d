"""Hardware in the loop: the daemon's real entry point, an emulated reader hub on a real pty,
mock GPIO pins and a recording LED sink; a whole 2-player competitive game by buttons and cards."""

from clacks_hw.daemon import palette as P
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.hil_board import HilBoard, start_competitive
from tests.fakes.daemon_rig import EDITION, script


def shows(state):
    """A frame check: lamps = the engine's board, pawns on their buttons, the current seat lit."""
    def check(frame):
        for i in range(16):
            if (frame.lamp(i) != P.OFF) != bool(state.board >> i & 1):
                return False
        for p in state.players:
            if p.tower is not None and frame.tower(TOWERS[p.tower].name) != P.SEAT[p.seat]:
                return False
        if not state.over and frame.seat(state.turn.seat) != P.SEAT[state.turn.seat]:
            return False
        return True
    return check


def test_a_whole_game_by_buttons_and_cards(tmp_path):
    with HilBoard(tmp_path, seed=3, overrides={"game.hints": "on"}) as board:  # script() takes the hints
        start_competitive(board)
        assert board.state.config.words["S"] == ("GUILD",)
        board.wait_frame(shows(board.state))
        for _ in range(400):
            if board.controller.screen != "game":
                break
            before = board.controller.session.actions
            for kind, what in script(board.state):
                (board.press if kind == "button" else board.tap)(what)
            assert board.controller.session.actions == before + 1, board.controller.message
            board.wait_frame(shows(board.state))
        final = board.state
        assert final.over and board.controller.screen == "over"
        path = board.controller.session.path
    journal = read_journal(path)
    assert replay(journal, EDITION).state == final
    assert len(journal.entries) > 10
