"""`clacks-hw line open` and `clacks-hw line join` as a user runs them, each its own process and
folder, on a real Mosquitto: the host says its code, the guest joins with it, its tap is
answered by the host's board, and the host's lamps are drawn at the guest's terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

from tests.line.test_line_broker import broker  # noqa: F401  (the fixture)

EXE = [sys.executable, "-m", "clacks_hw.cli"]


def _env(home):
    return {**os.environ, "HOME": str(home), "XDG_STATE_HOME": str(home / "state"), "PYTHONUNBUFFERED": "1"}


def test_open_then_join_with_the_code(tmp_path, broker):  # noqa: F811
    host_dir, guest_dir = tmp_path / "host", tmp_path / "guest"
    host_dir.mkdir(mode=0o700)
    quiet = tmp_path / "quiet.toml"
    quiet.write_text("[status]\nport = 0\n")
    host = subprocess.Popen([*EXE, "line", "open", "--virtual", "--guest", "N", "--journal-dir", str(host_dir),
                             "--config", str(quiet), "--broker-port", str(broker.port), "--for", "20"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path))
    try:
        said, end = "", time.monotonic() + 20
        while "line join" not in said and time.monotonic() < end:
            said += host.stderr.readline()
        code = re.search(r"clacks-hw line join ([A-Z]{12}) --seat N", said)
        assert code, said
        assert re.search(r"line code: [A-Z]{4} [A-Z]{4} [A-Z]{4}", said)
        guest = subprocess.Popen([*EXE, "line", "join", code.group(1).lower(), "--seat", "N", "--journal-dir",
                                  str(guest_dir), "--broker-port", str(broker.port), "--for", "8"],
                                 stdin=subprocess.PIPE, stdout=(tmp_path / "guest.out").open("w"),
                                 stderr=subprocess.PIPE, text=True, env=_env(tmp_path))
        said, end = "", time.monotonic() + 20
        while "line open" not in said and time.monotonic() < end:
            said += guest.stderr.readline()
        assert "line open: you play seat N" in said
        guest.stdin.write(":J05\n")  # a card tapped at this table, before the host's board deals a game
        guest.stdin.close()
        said += guest.stderr.read()
        assert guest.wait(60) == 0, said
        assert "the host's board is not in a game yet" in said  # its tap, answered by the host's board
        drawn = (tmp_path / "guest.out").read_text()
        assert "R1" in drawn and "G6" in drawn  # the host's lamps, drawn here
        assert (guest_dir / "lines").is_dir() and list((host_dir / "lines").glob("*.jsonl"))
    finally:
        host.terminate()
        host.wait(20)


def test_a_bad_code_or_seat_is_exit_2_naming_it(tmp_path):
    r = subprocess.run([*EXE, "line", "join", "ABCD EFGH JK1L", "--seat", "N"], capture_output=True, text=True,
                       timeout=60, env=_env(tmp_path))
    assert r.returncode == 2 and "letters only, not '1'" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([*EXE, "line", "open", "--guest", "X"], capture_output=True, text=True, timeout=60,
                       env=_env(tmp_path))
    assert r.returncode == 2 and "'X' is not one of 'S', 'W', 'N', 'E'" in r.stderr
