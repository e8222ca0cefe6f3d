"""docs/journal.md stays true: its examples replay as the text says."""

from __future__ import annotations

import json
from pathlib import Path

from .support.doc_blocks import fenced
from .test_replay_games import run_replay

DOC = Path(__file__).resolve().parent.parent / "docs" / "journal.md"


def _blocks(lang: str = "") -> list[str]:
    """The doc's fenced code blocks in the given language ("" for plain ones)."""
    return fenced(DOC.read_text(), lang)


def test_the_complete_example_replays_to_the_documented_position(tmp_path):
    example = next(b for b in _blocks() if b.startswith('{"journal":"clacks-hw"'))
    path = tmp_path / "example.jsonl"
    path.write_text(example)
    text = run_replay(path)
    assert text.exit_code == 0 and text.stderr == ""  # every crc in the doc is right
    shown = next(b for b in _blocks() if b.startswith("Clacks: Competitive"))
    assert text.stdout == shown
    out = json.loads(run_replay(path, "--json").stdout)
    assert out == json.loads(_blocks("json")[0])


def test_the_hand_written_script_replays(tmp_path):
    script = next(b for b in _blocks() if b.startswith('{"journal": "clacks-hw"'))
    path = tmp_path / "script.jsonl"
    path.write_text(script)
    result = run_replay(path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"]["S"]["tower"] == "R2"


def test_the_documented_crc_example():
    from clacks_hw.journal import line_crc
    assert line_crc({"seat": "S", "act": "move", "tower": "R2"}) == "c32cf9f0"
    assert "c32cf9f0" in DOC.read_text()


def test_the_clock_line_example_replays_and_gives_the_turn_its_time(tmp_path):
    from clacks_hw.journal import Reopened

    from .test_replay_games import EDITION

    example = next(b for b in _blocks() if '"clock"' in b and b.startswith('{"journal"'))
    path = tmp_path / "express.jsonl"
    path.write_text(example)
    result = run_replay(path, "--json")
    assert result.exit_code == 0 and result.stderr == ""  # every crc in the doc is right
    position = json.loads(result.stdout)
    assert position["actions"] == 2 and position["turn"] == "N" and position["turn_number"] == 2
    reopened = Reopened(path, EDITION)
    reopened.close()
    assert reopened.result.turn_used == 5.0  # N's turn goes on with 55 s left
