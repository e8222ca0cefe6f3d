"""A board whose newest journal carries a broken Guards! Guards! edition in its header starts all
the same (before, the issue's ``spells = [[1], ...]`` crashed it at start, a restart loop under
systemd; a name holding escapes was played and shown): it refuses that journal like any bad
one, says which and why on the board, in its log and on its status page, with the card and the
field, and starts fresh. The daemon's real loop on the fake clock, the reader hub's firmware on
emulated readers, mock buttons."""

from __future__ import annotations

import logging

import pytest

from clacks_hw.testing.fake_time_board import FakeTimeBoard
from tests.guards.owner_box import BAD_SPELLS, demo_text_with, journal_with_box

BROKEN = [
    pytest.param(BAD_SPELLS, "guild_card FOO1: spells: [[1], [2], [3], [4], [5]] must be a list of 5", id="spells"),
    pytest.param(('name = "Lady Demo"', 'name = "Lady\\u001b]0;pwned\\u0007\\nDemo"'),
                 "volunteer LL01: name: holds a control character (U+001B)", id="escapes-in-a-name"),
    pytest.param(("charm = 6", "charm = { dots = [6] }"), ": charm: {'dots': [6]} must be a whole number", id="charm"),
]


@pytest.mark.parametrize("change, named", BROKEN)
def test_a_journal_carrying_a_broken_edition_is_refused_and_the_board_starts(tmp_path, caplog, change, named):
    caplog.set_level(logging.INFO, logger="clacks_hw")
    path = journal_with_box(tmp_path / "journals", demo_text_with(*change))
    board = FakeTimeBoard(tmp_path)
    try:
        ctrl = board.controller
        assert ctrl.screen == "refused" and ctrl.state is None
        notice = ctrl.message
        assert notice.startswith(f"Not resumed: the newest journal, {path.name}: line 1: header: the game cannot be "
                                 "set up: box: the Guards! Guards! edition it holds is not valid: ")
        assert named in notice and "The board starts fresh." in notice and "\n" not in notice
        assert "\x1b" not in notice and "\x07" not in notice
        assert f"not resuming {path}" in caplog.text and named in caplog.text
        assert board.status()["notice"] == notice  # the status page says it too
        board.advance(121.0)
        assert ctrl.screen == "attract" and path.exists()  # it goes on; nothing was deleted
    finally:
        board.close()
