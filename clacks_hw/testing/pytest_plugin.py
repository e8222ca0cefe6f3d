"""Fixtures for builders' own board tests: ``python -m pytest -p clacks_hw.testing`` (the
plugin is also registered under that name, so an installed clacks-hw offers it by itself).

- ``clacks_board``: a :class:`~.fake_time_board.FakeTimeBoard` in the test's temporary
  directory, started and showing the attract screen; closed after the test.
- ``clacks_board_factory``: the same with options, ``clacks_board_factory(readers=2, seed=5)``.
- ``clacks_hil``: plays a HIL script (a path, or the text itself) and fails the test with the
  script's report (expected and actual boards side by side) when an expectation fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def clacks_board_factory(tmp_path):
    from .fake_time_board import FakeTimeBoard

    boards = []

    def make(**options):
        board = FakeTimeBoard(tmp_path / f"board{len(boards)}", **options)
        boards.append(board)
        return board

    yield make
    for board in boards:
        board.close()


@pytest.fixture
def clacks_board(clacks_board_factory):
    return clacks_board_factory()


@pytest.fixture
def clacks_hil(tmp_path):
    from .hil_run import run_script
    from .hil_script import ScriptError, parse, parse_file

    def play(script):
        try:
            parsed = parse_file(script) if isinstance(script, Path) or "\n" not in str(script) \
                else parse(str(script), "<script>")
        except ScriptError as exc:
            pytest.fail(str(exc), pytrace=False)
        out = []
        result = run_script(parsed, echo=out.append, workdir=tmp_path / f"hil-{parsed.name}")
        if not result.passed:
            pytest.fail("\n".join(out), pytrace=False)
        return result

    return play
