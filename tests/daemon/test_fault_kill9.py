"""kill -9 during a turn, then restart: the same game, the same turn, the same frame."""

import json
import os
import signal
import subprocess
import sys
import time

from clacks_hw.daemon.outputs import read_frame_log
from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.view import View
from clacks_hw.journal import read_journal, replay
from tests.fakes.daemon_rig import EDITION

CLI = [sys.executable, "-c", "from clacks_hw.cli import main; main()"]


def wait_until(pred, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:  # a bounded wait on another process's files
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


def start(jdir, frame_log):
    config = jdir.parent / "config.toml"
    config.write_text("[status]\nport = 0\n")  # no status page: tests never take a fixed port
    return subprocess.Popen([*CLI, "run", "--virtual", "--journal-dir", str(jdir), "--frame-log", str(frame_log),
                             "--config", str(config)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def journals(jdir):
    return sorted(jdir.glob("*.jsonl"))


def expected_frame(path):
    state = replay(read_journal(path), EDITION).state
    return state, render(View("game", state), 0.0)


def test_kill_9_mid_turn_then_restart(tmp_path):
    jdir, log1, log2 = tmp_path / "j", tmp_path / "f1.jsonl", tmp_path / "f2.jsonl"
    proc = start(jdir, log1)
    try:
        proc.stdin.write(b"     ")  # PLAY: setup, C, no variants, S+N, deal: a game
        proc.stdin.flush()
        path = wait_until(lambda: journals(jdir) and journals(jdir)[0])
        header = json.loads(path.read_text().splitlines()[0])
        first = min(header["seats"], key=lambda s: header["words"][s][0])
        proc.stdin.write(b"2" if first in "SN" else b"w")  # move the pawn (tentative)
        proc.stdin.flush()
        wait_until(lambda: len(read_journal(path).entries) == 1)
        state, frame = expected_frame(path)
        assert state.current.tower is not None
        wait_until(lambda: (frames := read_frame_log(log1)) and frames[-1] == frame)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    again = start(jdir, log2)
    try:
        wait_until(lambda: read_frame_log(log2))
        assert read_frame_log(log2)[0] == frame
        assert replay(read_journal(path), EDITION).state == state
    finally:
        again.terminate()
        assert again.wait(5) == 0


def test_sigterm_is_a_clean_stop(tmp_path):
    proc = start(tmp_path / "j", tmp_path / "f.jsonl")
    wait_until(lambda: (tmp_path / "f.jsonl").exists() and read_frame_log(tmp_path / "f.jsonl"))
    proc.terminate()
    assert proc.wait(5) == 0
    assert os.path.isdir(tmp_path / "j")
