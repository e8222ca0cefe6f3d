"""An Express turn survives a daemon restart: the board journals how much of the turn is used
(clock lines), so after a restart the player has what was left, not a fresh minute; the time
the board was off does not count. The engine never sees the clock lines: the journal replays to
the very same game, and the tools count only actions."""

from __future__ import annotations

import json

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.journal import read_journal, replay
from tests.daemon.test_resume_choice import Board
from tests.fakes.daemon_rig import EDITION


def start_express(board: Board) -> None:
    for name in ("PLAY", "PLAY", "TURN", "PLAY", "PLAY", "PLAY"):  # C, Express on, S N, deal the words
        board.press(name)
    assert board.ctrl.screen == "game" and board.ctrl.session.state.config.has("express")


def run_for(board: Board, seconds: float, step: float = 0.5) -> None:
    """The loop's ticks while nobody touches anything."""
    for _ in range(round(seconds / step)):
        board.clock.advance(step)
        board.ctrl.tick(board.clock.now())


def seconds_left(board: Board) -> float:
    return board.status()["express"]["seconds_left"]


def test_the_express_clock_goes_on_after_a_restart(tmp_path):
    board = Board(tmp_path)
    try:
        start_express(board)
        seat = board.ctrl.session.state.turn.seat
        run_for(board, 42.0)
        assert 17.9 <= seconds_left(board) <= 18.1
        path = board.ctrl.session.path
    finally:
        board.close()  # a restart; the board stays off a while: that time is nobody's turn

    again = Board(tmp_path)
    try:
        assert again.ctrl.screen == "game" and again.ctrl.session.state.turn.seat == seat
        left = seconds_left(again)
        assert 18.0 <= left <= 20.0, f"{left} s left after the restart (the turn had 18 s left)"
        run_for(again, left - 0.5)
        assert again.ctrl.session.state.turn.seat == seat  # still the same turn ...
        run_for(again, 1.0)
        assert again.ctrl.session.state.turn.seat != seat  # ... until its time is up
        final = again.ctrl.session.state
    finally:
        again.close()

    journal = read_journal(path)
    last = journal.entries[-1].action
    assert last.act == "timeout" and last.seat == seat and 60.0 <= last.time <= 61.0
    clocks = [json.loads(line) for line in path.read_text().splitlines() if '"clock"' in line]
    assert len(clocks) >= 8 and all(c["seat"] == seat and c["turn"] == 1 for c in clocks)
    assert journal.header["format"] == 3
    assert replay(journal, EDITION).state == final  # the clock lines change nothing in the game
    shown = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert shown.exit_code == 0 and json.loads(shown.output)["actions"] == len(journal.entries)
