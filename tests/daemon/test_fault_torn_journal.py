"""A torn last journal line: dropped with a warning; the daemon resumes the game and shows it."""

from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.session import JournalStore
from clacks_hw.daemon.view import View
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.testing.hil_board import HilBoard
from tests.fakes.daemon_rig import EDITION


def test_torn_line_is_dropped_and_the_game_resumes(tmp_path, caplog):
    store = JournalStore(tmp_path / "journals", EDITION)
    session = store.new_session(ClacksConfig(seats=("S", "N"), words=deal_words(EDITION, ("S", "N"), 1, 9), seed=9))
    seat = session.state.turn.seat
    assert not isinstance(session.apply(Action(seat, "move", tower=1 if seat in "SN" else 7)), Exception)
    state = session.state
    path = session.path
    session.close()
    with open(path, "ab") as fh:
        fh.write(b'{"seat":"S","act":"pl')  # the power went out mid-write
    with HilBoard(tmp_path, hub=False) as board:
        assert board.controller.screen == "game"
        assert board.state == state
        board.wait_frame(lambda f: f == render(View("game", state), 0.0))
    assert "damaged last line" in caplog.text
    assert path.read_bytes().endswith(b"\n")
