"""Hardware in the loop: a lone visitor plays a whole competitive game against the board's
computer, through the daemon's real entry point, an emulated reader hub on a real pty and mock
GPIO pins; the computer's seat (from the config, as `run --computer N:strong` sets it) moves by
itself between the visitor's buttons and cards, and its moves reach the LEDs."""

from clacks_hw.game.core.computer import to_act
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.hil_board import HilBoard, start_competitive
from tests.fakes.daemon_rig import EDITION, script

from .test_hil_whole_game import shows


def test_a_visitor_plays_a_whole_game_against_the_computer(tmp_path):
    overrides = {"game.computer": ["N:strong"], "game.computer_pace_s": 0.05, "game.reaction_window_s": 0.05}
    with HilBoard(tmp_path, seed=3, overrides=overrides) as board:
        start_competitive(board, words=())
        assert board.state.config.computer == {"N": "strong"}
        computer = visitor = 0
        for _ in range(600):
            if board.controller.screen != "game":
                break
            before = board.controller.session.actions
            if to_act(board.state) == "N":
                if board.controller.session.actions == before:  # it may have moved already
                    board.wait_for(lambda e: board.controller.session.actions > before)
                computer += 1
            else:
                for kind, what in script(board.state):
                    (board.press if kind == "button" else board.tap)(what)
                assert board.controller.session.actions >= before + 1, board.controller.message
                visitor += 1
            if board.controller.screen == "game" and to_act(board.state) == "S":
                board.wait_frame(shows(board.state))  # the computer's moves reached the LEDs
        final = board.state
        assert final.over and board.controller.screen == "over"
        assert computer and visitor
        path = board.controller.session.path
    journal = read_journal(path)
    assert journal.header["computer"] == {"N": "strong"}
    assert replay(journal, EDITION).state == final
    assert {e.action.seat for e in journal.entries} == {"S", "N"}
