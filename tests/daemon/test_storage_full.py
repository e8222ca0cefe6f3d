"""A full disk: no action is applied that is not on disk, none is written twice, the daemon goes
on through timers, buttons and cards, waits on its fault screen saying so on the board and the
status page, and recovers by itself when space returns, journalling the action that met the full
disk once (tests/support/disk_full.py plays the game)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHITE = [255, 255, 255]


def run_board(kind: str, directory: Path) -> dict:
    proc = subprocess.run([sys.executable, "-m", "tests.support.disk_full", kind, str(directory)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def check(out: dict) -> None:
    assert out["full_after_timeout"], out  # the Express timeout met the full disk first ...
    assert out["tracebacks"] == []  # ... and nothing escaped the loop, nothing was logged as a crash
    assert out["refused_state_same"]  # nothing applied that could not be journalled
    assert out["screen_while_full"] == "fault"  # the game waits on the fault screen
    assert out["while_full"]["storage"]["state"] == "full"
    assert "Storage full" in out["while_full"]["storage"]["text"]
    assert WHITE in out["while_full"]["towers"]  # the tower buttons blink white
    assert out["recovered_without_input"]
    assert out["kept_actions_done"] == 1 and out["last_act_after_free"] == "timeout"  # kept, done once
    assert out["screen_after_free"] in ("game", "over")  # off the fault screen: the game went on
    assert out["after"]["storage"] == {"state": "ok", "text": ""}
    assert WHITE not in out["after"]["towers"]
    # Nothing lost, nothing doubled: what the board accepted is exactly what is on disk.
    assert out["accepted"] == out["session_actions"] == out["action_lines_on_disk"] > 20
    assert out["replay_equal"] and out["resume_equal"]


def test_file_size_limit_mid_game(tmp_path):
    check(run_board("rlimit", tmp_path))


@pytest.fixture
def small_tmpfs(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root; the RLIMIT_FSIZE test covers a full disk here")
    where = tmp_path / "small"
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({proc.stderr.strip()}); "
                    "the RLIMIT_FSIZE test covers a full disk")
    yield where
    subprocess.run(["umount", str(where)], check=True)


def test_small_tmpfs_fills_mid_game(small_tmpfs):
    check(run_board("tmpfs", small_tmpfs))
