"""Journals of every mode written before the games became packages (make_golden.py) replay
to the very positions they recorded: the final one in full, and every one on the way by its
checksum. A game already on someone's board must never replay into another game."""

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.core.registry import canonical, game_for, modes
from clacks_hw.journal import read_journal

HERE = Path(__file__).parent
OUTCOMES = json.loads((HERE / "outcomes.json").read_text())


def replay(path, *extra):
    res = CliRunner().invoke(cli, ["replay", str(path), "--json", *extra], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.stdout


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_a_golden_journal_replays_to_its_recorded_position(name):
    assert json.loads(replay(HERE / name)) == OUTCOMES[name]["final"]


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_every_position_on_the_way_is_the_one_recorded(name):
    steps = replay(HERE / name, "--step")
    assert steps.count("\n") == OUTCOMES[name]["steps"]
    assert hashlib.sha256(steps.encode()).hexdigest() == OUTCOMES[name]["steps_sha256"]


def test_the_golden_journals_cover_every_mode_variant_and_kind_of_hands():
    headers = [read_journal(HERE / name).header for name in OUTCOMES]
    assert {canonical(h["mode"]) for h in headers} == set(modes())  # "junior": the Junior Race's old name
    for mode in modes():
        played = {v for h in headers if canonical(h["mode"]) == mode for v in h["variants"]}
        assert played == set(game_for(mode).variants), mode
        assert {h["hands"] for h in headers if canonical(h["mode"]) == mode} == {"tracked", "physical"}, mode


def test_every_recorded_game_ended_with_a_winner():
    for name, o in OUTCOMES.items():
        final = o["final"]
        assert final["turn"] is None and (final.get("winner") or final.get("winners")), name
