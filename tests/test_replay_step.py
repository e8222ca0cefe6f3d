"""`clacks-hw replay --step` and `--at N`: every position of a game, or the one after action N."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import sys

import pytest

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.journal import read_journal, replay
from clacks_hw.views.position_json import position_json

from .test_replay_cli import HEADER, SCRIPT
from .test_replay_games import run_replay, write_lines


def script(tmp_path, actions=SCRIPT):
    path = tmp_path / "script.jsonl"
    write_lines(path, [HEADER, *actions])
    return path


def test_step_json_is_every_position_in_order(tmp_path):
    path = script(tmp_path)
    result = run_replay(path, "--step", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["action"] for r in rows] == list(range(len(SCRIPT) + 1))
    assert rows[0]["played"] is None and rows[1]["played"] == {"seat": "S", "act": "move", "tower": "R2"}
    assert rows[1]["line"] == 2  # the header is line 1
    final = json.loads(run_replay(path, "--json").stdout)
    assert rows[-1]["position"] == final
    assert rows[1]["position"]["players"]["S"]["tower"] == "R2" and rows[0]["position"]["players"]["S"]["tower"] is None


def test_at_n_is_the_position_after_action_n(tmp_path):
    path = script(tmp_path)
    journal = read_journal(path)
    for n in (0, 2, len(SCRIPT)):
        journal_n = type(journal)(journal.header, journal.header_line, journal.entries[:n])
        expected = replay(journal_n, default_edition()).state
        out = json.loads(run_replay(path, "--at", n, "--json").stdout)
        assert out["action"] == n and out["position"] == position_json(expected, actions=n)
    text = run_replay(path, "--at", 1).stdout
    assert text.startswith("-- action 1 (line 2): ") and "R2 S" in text


def test_at_past_the_end_says_how_many_actions_there_are(tmp_path):
    result = run_replay(script(tmp_path), "--at", 99)
    assert result.exit_code == 2 and f"the journal has {len(SCRIPT)} actions" in result.stderr


def test_step_stops_at_a_refused_action_after_the_positions_before_it(tmp_path):
    bad = [*SCRIPT[:2], {"seat": "N", "act": "end"}]  # not N's turn
    result = run_replay(script(tmp_path, bad), "--step")
    assert result.exit_code == 1
    assert result.stdout.count("-- ") == 3 and "was refused (not_your_turn)" in result.stdout


def test_on_a_terminal_enter_shows_the_next_position_and_q_stops(tmp_path):
    path = script(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:  # the child: clacks-hw on a real terminal
        os.execv(sys.executable, [sys.executable, "-m", "clacks_hw.cli", "replay", str(path), "--step"])
    out = b""

    def read_until(marker: bytes) -> None:
        nonlocal out
        while marker not in out:
            chunk = os.read(fd, 4096)
            assert chunk, out.decode(errors="replace")
            out += chunk

    read_until(b"Enter: next action")
    assert b"-- start of" in out and b"-- action 1" not in out  # waits for Enter
    os.write(fd, b"\n")
    read_until(b"-- action 1 (line 2)")
    os.write(fd, b"q\n")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"-- action 2" not in out


def wait_for(pid: int, seconds: float):
    """The child's (pid, status) once it has exited, or None after ``seconds``."""
    for _ in range(int(seconds * 20)):
        if (done := os.waitpid(pid, os.WNOHANG)) != (0, 0):
            return done
        select.select([], [], [], 0.05)
    return None


def test_ctrl_c_while_stepping_stops_quietly_with_130(tmp_path):
    """Ctrl-C at the step prompt is the reader leaving, not the engine failing (it said so, exit 3)."""
    pid, fd = pty.fork()
    if pid == 0:
        # A shell starting the suite in the background leaves SIGINT ignored, and exec keeps that;
        # a user's terminal does not, so the child gets the default back.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execv(sys.executable, [sys.executable, "-m", "clacks_hw.cli", "replay", str(script(tmp_path)), "--step"])
    out = b""

    def read(deadline_s: float = 60.0) -> bytes:
        ready, _, _ = select.select([fd], [], [], deadline_s)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            pytest.fail("replay --step said nothing for 60 s:\n" + out.decode(errors="replace"))
        try:
            return os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            return b""

    while b"Enter: next action" not in out:
        chunk = read()
        assert chunk, out.decode(errors="replace")
        out += chunk
    # The terminal turns Ctrl-C into SIGINT for the child. A signal landing between the prompt's
    # last check and its read() is only seen at the next one (as with any Python program), so,
    # like a user whose first press did nothing, press again if it has not left in 5 s.
    for _ in range(3):
        os.write(fd, b"\x03")
        while select.select([fd], [], [], 5.0)[0] and (chunk := read()):
            out += chunk
        if (exited := wait_for(pid, 5.0)) is not None:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        pytest.fail("replay --step ignored three Ctrl-C:\n" + out.decode(errors="replace"))
    status = exited[1]
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 130, out.decode(errors="replace")
    assert b"engine failed" not in out and b"Traceback" not in out


def test_a_reader_that_leaves_early_is_no_engine_failure(tmp_path):
    """`replay --step --json | head -1`: a closed pipe stops the command quietly."""
    import subprocess

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has already left
    try:
        proc = subprocess.run([sys.executable, "-m", "clacks_hw.cli", "replay", str(script(tmp_path)),
                               "--step", "--json"], stdout=write_end, stderr=subprocess.PIPE,
                              timeout=60)
    finally:
        os.close(write_end)
    err = proc.stderr.decode()
    assert "engine failed" not in err and "Traceback" not in err, err
