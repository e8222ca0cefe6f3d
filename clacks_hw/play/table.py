"""The board daemon on the emulated parts, on a thread of its own: what `clacks-hw play` runs.

It is the daemon `clacks-hw run` builds (daemon/app.py) with three seams filled: the LEDs are
the page's frame sink, the pins a MockFactory, the tag-to-card map the emulated cards' own, and
every snapshot the loop publishes lands in the page's box. A game is started as a paired
phone starts one: an admin command on the loop's queue, done by the controller's own steps.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import tempfile
import threading
import time
from collections import deque
from pathlib import Path

from ..config.load import load_config
from ..daemon.events import AdminCommand
from ..drivers.debounce import ButtonEvent
from ..game.core.table import SEATS
from ..web.snapshot import SnapshotBox
from .frames import FrameSink

HUB_LINK = "reader-hub"  # the emulated hub's device link in the run's own folder (testing/emulated_hub.py)

log = logging.getLogger(__name__)
SAID_LINES = 6  # what the board said last, shown on the page
ANSWER_S = 5.0


def play_config(config_path, reader_port: str, more: dict | None = None):
    """The config with the emulated parts in place of the board's own (``more``: other keys,
    e.g. how long a computer's move shows)."""
    overrides = {**(more or {}), "leds.backend": "virtual", "reader.type": "hub", "reader.port": reader_port,
                 "reader.seats": list(SEATS), "buttons.pin_factory": "mock", "status.port": 0,
                 "mqtt.host": ""}
    return load_config(config_path, overrides=overrides, check_devices=False)


class PlayTable:
    """The emulated board and its daemon. ``ring`` (set by the page server) is called from the
    loop's thread whenever something shown may have changed; it must not block."""

    def __init__(self, config_path, journal_dir: str, *, seed: int | None = None, edition=None,
                 overrides: dict | None = None) -> None:
        self._link_dir = tempfile.mkdtemp(prefix="clacks-play-")  # 0700: the reader's device link
        self.journal_dir = journal_dir
        self.seed = seed
        self.edition = edition
        self.box = SnapshotBox()
        self.said: deque[str] = deque(maxlen=SAID_LINES)
        self._games = 0  # the controller's count of games started, when the said lines were cleared
        self.stop = threading.Event()
        self.daemon = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.ring = lambda: None
        # The hub's device link is known before it is plugged in: one config, checked before anything starts.
        self.config = play_config(config_path, os.path.join(self._link_dir, HUB_LINK), overrides)  # ConfigError: nothing started
        self.leds = FrameSink()
        self.parts = None  # the buttons and readers, plugged in by start()

    # -- life --------------------------------------------------------------------------------
    def start(self) -> PlayTable:
        from ..daemon.app import Daemon, Seams
        from ..testing.cards import card_map
        from .parts import EmulatedParts

        buttons = self.config.buttons
        self.parts = EmulatedParts(buttons, self._link_dir, buttons.debounce_ms).start()
        assert self.parts.reader_port == self.config.reader.port
        config = self.config
        self.leds.ring = self._ring
        self.box.bell = self._ring
        rng = random.Random(self.seed) if self.seed is not None else None
        seams = Seams(led_backend=self.leds, pin_factory=self.parts.factory, stop=self.stop, rng=rng,
                      status_page=False, mqtt=False, cards=card_map(self.edition) if self.edition else card_map(),
                      snapshots=self.box, report=self._said, status=self._status, edition=self.edition,
                      on_ready=lambda d: self._ready.set())
        self.daemon = Daemon(config, journal_dir=self.journal_dir, seams=seams)
        self._thread = threading.Thread(target=self._run, name="board-daemon", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self.daemon.run()
        except BaseException as exc:  # shown by the command, never a silent stop
            log.exception("the board daemon stopped")
            self.error = exc
        finally:
            self.stop.set()
            self._ready.set()
            self._ring()

    @property
    def running(self) -> bool:
        """Are the parts plugged in and the loop running (so presses and taps count)?"""
        return self._ready.is_set() and self.error is None and self.parts is not None

    def wait_ready(self, timeout: float = 10.0) -> bool:
        return self._ready.wait(timeout) and self.error is None

    def close(self) -> None:
        self.stop.set()
        if self._thread is not None:
            self._thread.join(5)
        if self.daemon is not None:
            self.daemon.close()
        if self.parts is not None:
            self.parts.close()
        try:
            os.rmdir(self._link_dir)
        except OSError:
            pass

    # -- what the page reads ------------------------------------------------------------------
    def _ring(self) -> None:
        self._forget_the_game_before()
        self.ring()

    def _forget_the_game_before(self) -> None:
        """A new game started: the lines said about the one before go (before the new game's own
        first lines are added: the count goes up before the game is entered and announced)."""
        c = self.controller
        if c is not None and c.games != self._games:
            self._games = c.games
            self.said.clear()

    def _said(self, text: str) -> None:
        self._forget_the_game_before()
        for line in text.rstrip().splitlines()[:3]:
            if line.strip():
                self.said.append(line.rstrip())
        self._ring()

    def _status(self, text: str) -> None:
        """A new position: what was said about the one before goes (the terminal does the same),
        so a line such as the computer's "about to play" never outlives the move it announced."""
        self.said.clear()
        self._said(text)

    def tell(self, text: str) -> None:
        """A line of `clacks-hw play`'s own among what the board said (what it did on starting)."""
        self._said(text)

    @property
    def controller(self):
        return self.daemon.controller if self.daemon is not None else None

    @property
    def journal(self) -> Path | None:
        return self.daemon.store.last if self.daemon is not None else None

    # -- what the page does --------------------------------------------------------------------
    def press(self, names: tuple[str, ...], seconds: float | None = None) -> None:
        self.parts.press(names, seconds)

    def tap(self, seat: str, card: str) -> bool:
        return self.parts.tap(seat, card)

    def lamp(self, lamp: int) -> None:
        """A lamp clicked: the shown card is laid over it (the board has no such button, so the
        press goes to the loop as the page's own, ``L0``..``L15``)."""
        self.daemon.events.put(ButtonEvent("press", f"L{lamp}", time.monotonic()))

    def command(self, kind: str, params: dict, by: str = "the play page") -> str | None:
        """An admin command done by the loop (blocking): None, or why not."""
        done = threading.Event()
        answer: list = []

        def reply(text):
            answer.append(text)
            done.set()

        self.daemon.events.put(AdminCommand(kind, params, reply, by=by))
        if not done.wait(ANSWER_S):
            return "the board did not answer in time"
        return answer[0]

    async def command_async(self, kind: str, params: dict) -> str | None:
        return await asyncio.to_thread(self.command, kind, params)
