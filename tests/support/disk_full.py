"""A board game played through the daemon's event loop while its disk fills up and empties again.

Run as ``python -m tests.support.disk_full rlimit DIR`` (the disk is "full" through a lowered
RLIMIT_FSIZE, so it must be a process of its own) or ``... tmpfs DIR`` (DIR is a small tmpfs the
caller mounted; a filler file takes its last free page). Prints one JSON object: what the board
accepted, what is on disk, and what it showed meanwhile.

The order is chosen so every path meets the full disk: the Express timeout (a timer) is the first
write that fails and brings the fault screen, on which buttons and card taps are refused; then
space returns, the board notices by itself (no input), journals the kept timeout once, and the
game goes on.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import resource
import sys
from pathlib import Path

from clacks_hw.daemon.loop import EventLoop
from clacks_hw.web.public import status_json
from clacks_hw.web.snapshot import SnapshotBox, StatusPublisher
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.drivers.frame import TOWERS
from clacks_hw.drivers.leds import LedOutput
from clacks_hw.journal import read_journal, replay, resume_game
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, script, uid_of
from clacks_hw.testing.recording_leds import RecordingLeds

RETRY_S = 5.0


class Counter(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.accepted = 0
        self.tracebacks: list[str] = []

    def emit(self, record):
        if record.getMessage().startswith("accepted: "):
            self.accepted += 1
        if record.exc_info:
            self.tracebacks.append(self.format(record))


class Board:
    def __init__(self, directory: Path):
        self.clock = FakeClock(0.0)
        self.rig = Rig(directory, self.clock, seed=3, storage_retry_s=RETRY_S)
        self.leds = RecordingLeds(self.clock)
        self.events = queue.Queue()
        self.box = SnapshotBox()
        self.loop = EventLoop(self.events, self.rig.ctrl, LedOutput(self.leds, self.clock), self.clock,
                              status=StatusPublisher(self.box))

    def step(self, dt: float = 0.1) -> None:
        self.clock.advance(dt)
        self.loop.step()

    def press(self, name: str) -> None:
        self.events.put(ButtonEvent("press", name, self.clock.now()))
        self.events.put(ButtonEvent("release", name, self.clock.now(), 0.05))
        self.step()

    def tap(self, card: str) -> None:
        self.events.put(ReaderEvent("tag", 0, uid_of(card)))
        self.events.put(ReaderEvent("gone", 0, uid_of(card)))
        self.step()

    def play(self, inputs) -> None:
        for kind, what in inputs:
            self.press(what) if kind == "button" else self.tap(what)

    @property
    def ctrl(self):
        return self.rig.ctrl

    def shown(self) -> dict:
        towers = {self.leds.tower(t) for t in TOWERS}
        return {"storage": status_json(self.box.get())["storage"], "towers": sorted(towers)}


def scenario(directory: Path, fill, free) -> dict:
    counter = Counter()
    logging.getLogger().addHandler(counter)
    logging.getLogger().setLevel(logging.INFO)
    board = Board(directory)
    for name in ("PLAY", "PLAY", "TURN", "PLAY", "PLAY", "PLAY"):  # competitive, Express, S+N
        board.press(name)
    assert board.ctrl.screen == "game"
    for _ in range(12):
        board.play(script(board.ctrl.session.state))
    fill()
    timeouts = 0
    while board.ctrl.storage.ok and timeouts < 200:  # Express timeouts until one cannot be written
        board.step(board.ctrl.express_seconds + 1)
        timeouts += 1
    full_after_timeout = not board.ctrl.storage.ok
    tried = board.ctrl.session.state
    for _ in range(6):  # buttons and cards while full: all refused, the state stays
        board.play(script(board.ctrl.session.state))
    refused_state_same = board.ctrl.session.state == tried
    board.step()
    while_full = board.shown()
    full_screen = board.ctrl.screen
    actions_while_full = board.ctrl.session.actions
    free()
    board.step(RETRY_S + 0.1)  # no input: the board looks again by itself
    recovered = board.ctrl.storage.ok
    after = board.shown()
    # the Express timeout that met the full disk was kept, and is journalled now, once
    kept = board.ctrl.session.actions - actions_while_full
    last_act = json.loads(board.ctrl.session.path.read_bytes().split(b"\n")[-2])["act"]
    for _ in range(12):
        if board.ctrl.screen != "game":
            break  # the game was won
        board.play(script(board.ctrl.session.state))
    session = board.ctrl.session
    path = session.path
    lines = [ln for ln in path.read_bytes().split(b"\n") if ln.strip()]
    replayed = replay(read_journal(path), EDITION)
    state = session.state
    session.close()
    writer, resumed, _, warnings = resume_game(path, EDITION)  # what a restart would play on from
    writer.close()
    out = {
        "timeouts_tried": timeouts, "full_after_timeout": full_after_timeout,
        "refused_state_same": refused_state_same, "screen_while_full": full_screen,
        "while_full": while_full, "recovered_without_input": recovered, "after": after,
        "kept_actions_done": kept, "last_act_after_free": last_act, "screen_after_free": board.ctrl.screen,
        "accepted": counter.accepted, "session_actions": session.actions,
        "action_lines_on_disk": len(lines) - 1, "replay_equal": replayed.state == state,
        "resume_equal": resumed == state and warnings == [],
        "tracebacks": counter.tracebacks,
    }
    return out


def rlimit(directory: Path) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)

    def fill():
        journal = max(directory.glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
        # Room for a fragment of a line but not a whole one: the write is cut short mid-line.
        resource.setrlimit(resource.RLIMIT_FSIZE, (journal.stat().st_size + 20, hard))

    return scenario(directory, fill, lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard)))


def tmpfs(directory: Path) -> dict:
    filler = directory / "filler"

    def fill():
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            for size in (65536, 4096, 1):
                try:
                    while True:
                        os.write(fd, b"x" * size)
                except OSError:
                    pass
        finally:
            os.close(fd)

    return scenario(directory, fill, filler.unlink)


if __name__ == "__main__":
    kind, where = sys.argv[1], Path(sys.argv[2])
    print(json.dumps({"rlimit": rlimit, "tmpfs": tmpfs}[kind](where)))
