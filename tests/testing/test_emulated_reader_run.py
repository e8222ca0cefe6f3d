"""docs/hil.md's recipe, followed to the letter: `clacks-hw emulate hub` prints the config lines
and the command to run; those lines in a file and that command start the virtual board reading
cards from the emulated reader, and a card tapped at the emulator's prompt is played in the game."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
import tomllib

from tests.testing.pty_process import PtyProcess

CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")
INDENT = " " * 11  # the emulator's config lines, indented under "config:"


def poll(what, seconds=30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = what()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s in vain")


def test_the_emulated_reader_drives_run_exactly_as_printed(tmp_path):
    games = tmp_path / "games"
    games.mkdir(mode=0o700)
    emu = PtyProcess("emulate", "hub", "--write-cards", str(games / "cards.toml"), "--link-dir", str(tmp_path))
    board = None
    try:
        m = emu.expect(r"  config:[^\n]*\n((?:" + INDENT + r"[^\n]*\n){3})  then:    (clacks-hw run [^\n]*)\n")
        config = "".join(line.removeprefix(INDENT) + "\n" for line in m.group(1).splitlines())
        assert tomllib.loads(config)["reader"]["type"] == "hub"  # the lines parse as printed
        (tmp_path / "reader.toml").write_text(config)
        command = shlex.split(m.group(2))
        emu.expect("cards:")  # the enrolment it reads tags with is written
        board = subprocess.Popen([CLI, *command[1:], "--for", "120"], cwd=tmp_path, stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        board.stdin.write(" \n" * 5)  # PLAY through the set-up: two players, tracked hands
        board.stdin.flush()
        journal = poll(lambda: next(iter(games.glob("game-*.jsonl")), None))
        position = json.loads(subprocess.run([CLI, "replay", str(journal), "--json"], capture_output=True,
                                             text=True, timeout=60, check=True).stdout)
        card = position["players"][position["turn"]]["hand"][0]
        emu.send(f"tap 0 {card}")  # on the reader: the board previews its first placement
        emu.expect(r"reader 0: card \w+ tapped")
        time.sleep(1.0)  # the hub's TAG line reaches the daemon: the preview is up
        board.stdin.write("\n")  # PLAY places it
        board.stdin.flush()
        actions = poll(lambda: [json.loads(line) for line in journal.read_text().splitlines()[1:]])
        assert (actions[0]["seat"], actions[0]["act"], actions[0]["card"]) == (position["turn"], "play", card)
    finally:
        if board is not None:
            board.kill()
            _, err = board.communicate(timeout=10)
            assert "also reads cards from the hub reader" in err, err
        emu.kill()
