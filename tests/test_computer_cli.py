"""--computer on `run` and `demo`: seats and strengths as written, a seat or strength that does
not exist (or is not in the game) is a clear message and exit 2, never a traceback."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli


@pytest.mark.parametrize("args, says", [
    (["demo", "--computer", "X"], "seat 'X' does not exist: the seats are S, W, N, E"),
    (["demo", "--computer", "N:hard"], "strength 'hard' (for seat N) does not exist"),
    (["demo", "--computer", "N:strnog"], "did you mean 'strong'?"),
    (["demo", "--players", "2", "--computer", "E"], "seat E is not in this Competitive game (seats: S N)"),
    (["demo", "--game", "klackers", "--players", "3", "--computer", "E:easy"], "seat E is not in this KLACKERS game"),
    (["run", "--virtual", "--for", "0", "--computer", "W"], "game.computer: seat W is not in game.seats"),
    (["play", "--no-browser", "--for", "0", "--computer", "E"], "seat E cannot be a computer player: it is not in the game (seats: S N)"),
    (["play", "--no-browser", "--for", "0", "--computer", "Q"], "seat 'Q' does not exist"),
    (["run", "--virtual", "--for", "0", "--computer", "S:best"], "strength 'best' (for seat S) does not exist"),
])
def test_a_seat_or_strength_that_does_not_exist_is_exit_2(args, says, tmp_path):
    result = CliRunner().invoke(cli, [*args, *(["--journal-dir", str(tmp_path)] if args[0] in ("run", "play") else [])])
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert "Traceback" not in result.output


def test_demo_plays_the_strengths_given_and_says_why():
    result = CliRunner().invoke(cli, ["demo", "--players", "2", "--seed", "4", "--delay", "0",
                                      "--computer", "S:easy,N:strong"])
    assert result.exit_code == 0, result.output
    assert "computer players: S (easy), N (strong)" in result.output
    assert "--- S plays J" in result.output and "toward the letter" in result.output
    assert result.output.rstrip().splitlines()[-1].startswith("Won by ")
    assert "Last Letter Sabotage: " in result.output, "the window is said as it opens"
    (end,) = [line for line in result.output.splitlines() if line.startswith("Winner: ")]
    assert end == "Winner: N (TROLL): S sent a letter instead of sabotaging.", end  # who won, and why


def test_demo_of_klackers_against_the_computer():
    result = CliRunner().invoke(cli, ["demo", "--game", "klackers", "--players", "2", "--seed", "2",
                                      "--delay", "0", "--computer", "N:easy"])
    assert result.exit_code == 0, result.output
    assert "computer players: S (strong), N (easy)" in result.output and "--- N pulls" in result.output


def test_run_sets_the_computer_seats_up(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[status]\nport = 0\n[game]\ncomputer_pace_s = 0.05\n")
    result = CliRunner().invoke(cli, ["run", "--virtual", "--for", "1.5", "--journal-dir", str(tmp_path),
                                      "--config", str(config), "--computer", "S:strong,N:easy"], input="     ")
    assert result.exit_code == 0, result.output
    [journal] = tmp_path.glob("*.jsonl")
    header = json.loads(journal.read_text().splitlines()[0])
    assert header["computer"] == {"S": "strong", "N": "easy"}
    assert len(journal.read_text().splitlines()) > 3  # the computers moved by themselves
