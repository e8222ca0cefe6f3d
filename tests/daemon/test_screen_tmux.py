"""The virtual board in a real terminal (tmux, 80x24): it fits, leaves nothing in the
scrollback, follows a resize, and says at the end where the game went."""

import os
import shlex
import socket
import subprocess
import sys
import time

import pytest

from tests.support.tools import require_tool

CLI = f"{shlex.quote(sys.executable)} -c 'from clacks_hw.cli import main; main()'"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tmux:
    def __init__(self, exe, sock):
        self.base = [exe, "-f", "/dev/null", "-S", str(sock)]

    def __call__(self, *args):
        return subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=10,
                              check=True).stdout

    def screen(self):
        return self("capture-pane", "-p", "-t", "t").rstrip("\n").split("\n")

    def scrollback(self):
        return int(self("display", "-p", "-t", "t", "#{history_size}"))

    def wait_for(self, text, seconds=15, board=True):
        """Poll the real terminal (the process runs on its own clock) until ``text`` shows
        (and the board has been drawn: its north edge on the top line)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            lines = self.screen()
            if any(text in line for line in lines) and (not board or lines[0].strip().startswith("N")):
                return lines
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never showed; the screen:\n" + "\n".join(self.screen()))


@pytest.fixture
def tmux(tmp_path):
    t = Tmux(require_tool("tmux", "tmux"), tmp_path / "tmux.sock")
    yield t
    subprocess.run([*t.base, "kill-server"], capture_output=True, timeout=10, check=False)


def test_the_board_fits_80x24_and_nothing_scrolls(tmux, tmp_path):
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(f'[game]\nseats = ["S", "W", "N", "E"]\n[status]\nport = {port}\n')
    journals = tmp_path / "journals"
    command = (f"cd {shlex.quote(os.getcwd())} && {CLI} run --virtual --for 60 --config {config} "
               f"--journal-dir {journals}; sleep 60")
    tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "t", command)

    def board_on_top(lines):
        assert len(lines) <= 24
        assert tmux.scrollback() == 0

    board_on_top(tmux.wait_for(f"status page http://127.0.0.1:{port}/"))
    for stage in ("[mode]", "[variants]", "[seats]", "[words]", "Turn 1:"):  # PLAY through the set-up
        tmux("send-keys", "-t", "t", "Space")
        lines = tmux.wait_for(stage)
    board_on_top(lines)
    assert sum("hand:" in line for line in lines) == 4  # every seat's hand in view
    tmux("send-keys", "-t", "t", ":J00", "Enter")
    board_on_top(tmux.wait_for("! "))
    tmux("send-keys", "-t", "t", "?")
    board_on_top(tmux.wait_for("tower buttons R1..R6"))
    tmux("send-keys", "-t", "t", "?")
    lines = tmux.wait_for("Turn 1:")
    assert not any("tower buttons R1..R6" in line for line in lines)

    tmux("resize-window", "-t", "t", "-x", "60", "-y", "16")  # SIGWINCH: redrawn to fit
    end = time.monotonic() + 15
    while any(len(line) >= 60 for line in tmux.screen()) and time.monotonic() < end:
        time.sleep(0.05)
    lines = tmux.screen()
    assert all(len(line) < 60 for line in lines) and "N" in lines[0]
    assert tmux.scrollback() == 0

    tmux("send-keys", "-t", "t", "C-c")
    tmux.wait_for("The board has stopped.", board=False)
    text = tmux("capture-pane", "-p", "-J", "-t", "t")  # wrapped lines joined
    [journal] = journals.glob("*.jsonl")
    assert f"saved in {journal}" in text and f"clacks-hw replay {journal}" in text
