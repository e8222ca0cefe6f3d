"""The whole board on a fake clock: the daemon's real entry point (``app.run``) with the
reader hub's real firmware on emulated MFRC522 chips, gpiozero MockFactory buttons and a
recording LED sink, all moved on in lock step by whoever drives it (a HIL script, a test).

Time moves only in :meth:`FakeTimeBoard.advance`: up to each moment something is due (the
hub's next poll round, the daemon's next deadline, a thread sleeping on the clock), and at
each such moment the hub runs one poll round and the board is let settle: the card reader has
read all the hub wrote, and the daemon's loop has handled every event and drawn the frame.
So what a script sees after ``wait 2s`` is exactly what the board shows 2 s later.

    with FakeTimeBoard(tmp_path) as board:
        board.click("PLAY")
        board.tap("J05")
        board.advance(2.0)
        board.frame.lamp(5), board.status()["screen"], board.journal_actions()
"""

from __future__ import annotations

import io
import json
import queue
import random
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from clacks_hw.daemon import app
from clacks_hw.daemon.events import Wake
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.frame import Frame

from .buttons import MockButtons
from .cards import HEX_UID, uid_of, write_enrolment
from .firmware_files import firmware_config, load_firmware
from .lockstep import HubTicks, ScriptClock, SerialLoopback
from .machine import FakeBoard
from .mfrc522_chip import FakeMFRC522
from .recording_leds import RecordingLeds
from .rig_settings import rig_config

SETTLE_S = 5.0  # real seconds a settle may take before the rig gives up (a hung daemon)
MIN_STEP_S = 0.001


@dataclass(frozen=True)
class Settle(Wake):
    """Put on the daemon's queue to learn when it has handled everything before it."""

    n: int = 0


class RigError(AssertionError):
    """The rig itself is stuck (the daemon or the reader stopped answering)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FakeTimeBoard:
    def __init__(self, directory, *, readers: int = 1, seed: int = 3, overrides: dict | None = None,
                 chip_version: int = 0x92, hub_poll_ms: int = 10, **settings) -> None:
        self.dir = Path(directory)
        self.journal_dir = self.dir / "journals"
        self.journal_dir.mkdir(parents=True, exist_ok=True)
        write_enrolment(self.journal_dir / "cards.toml")
        self.clock = ScriptClock()
        self.port = _free_port()
        self.config = rig_config(self.journal_dir, self.port, overrides)
        self.buttons = MockButtons(self.config.buttons)
        self.leds = RecordingLeds(self.clock)
        self._build_hub(readers, chip_version, hub_poll_ms)
        self.seen: list = []
        self._settles = 0
        self._settled = queue.Queue()
        self.stop = threading.Event()
        self.daemon = None
        self.error: BaseException | None = None
        ready = threading.Event()

        def on_ready(d):
            self.daemon = d
            ready.set()

        seams = app.Seams(clock=self.clock, led_backend=self.leds, pin_factory=self.buttons.factory,
                          stop=self.stop, output=io.StringIO(), rng=random.Random(seed), observer=self._observe,
                          serial_factory=self.link.factory, on_ready=on_ready, status_page=True,
                          settings=settings)
        self.thread = threading.Thread(target=self._run, args=(seams,), name="hil-daemon", daemon=True)
        self.thread.start()
        if not ready.wait(SETTLE_S):
            self.close()
            raise RigError(f"the daemon did not start: {self.error!r}")
        self.hub.start()
        self.advance(0.5)  # the reader opens the port and the hub says HELLO

    def _build_hub(self, readers: int, version: int, poll_ms: int) -> None:
        self._firmware = fw = load_firmware()
        self.hub_powered = True  # the Pico runs on the USB cable's power
        self.hub_cfg = firmware_config(READERS=readers, POLL_MS=poll_ms)
        self.board = FakeBoard()
        self.chips = [FakeMFRC522(version) for _ in range(readers)]
        for cs, chip in zip(self.hub_cfg.CS_PINS, self.chips):
            self.board.attach(cs, chip)
        self.ticks = HubTicks(self.clock)
        self.board.set_clock(self.ticks)
        self.link = SerialLoopback()
        self.hub = fw.main.build(self.hub_cfg, self.board, self.ticks, self.link)

    def _run(self, seams) -> None:
        try:
            app.run(self.config, seams=seams)
        except BaseException as exc:  # surfaced by settle() and close()
            self.error = exc

    def _observe(self, item) -> None:
        if isinstance(item, Settle):
            self._settled.put((item.n, self.daemon.loop.iterations))
        else:
            self.seen.append(item)

    # -- time --------------------------------------------------------------------------------
    def settle(self) -> None:
        """Wait (in real time, bounded) until the reader has read all the hub sent and the
        daemon's loop has handled every event and drawn its frame."""
        deadline = time.monotonic() + SETTLE_S
        while not self.link.reader_idle():
            self._check_alive(deadline, "the card reader")
            time.sleep(0.0002)
        self._settles += 1
        self.daemon.events.put(Settle(self._settles))
        while True:
            self._check_alive(deadline, "the daemon's loop")
            try:
                n, iteration = self._settled.get(timeout=0.05)
            except queue.Empty:
                continue
            if n == self._settles:
                break
        while self.daemon.loop.iterations <= iteration:
            self._check_alive(deadline, "the daemon's loop")
            time.sleep(0.0002)

    def _check_alive(self, deadline: float, what: str) -> None:
        if self.error is not None:
            raise RigError(f"the daemon stopped: {self.error!r}") from self.error
        if time.monotonic() > deadline:
            raise RigError(f"{what} did not settle within {SETTLE_S:g} s")

    def _next_due(self, now: float, target: float) -> float:
        times = [target, self.ticks.due]
        loop_deadline = self.daemon.loop.deadline(now)
        wake = self.clock.next_wake()
        times += [t for t in (loop_deadline, wake) if t is not None and t > now]
        return max(min(times), now + MIN_STEP_S) if min(times) > now else min(target, now + MIN_STEP_S)

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, stopping at every moment something is due."""
        target = self.clock.now() + seconds
        while True:
            now = self.clock.now()
            if now >= self.ticks.due:
                self.ticks.catch_up()
                if self.hub_powered:
                    self.hub.step()
            self.settle()
            if now >= target:
                return
            self.clock.set(min(target, self._next_due(now, target)))

    # -- the hub's USB cable -----------------------------------------------------------------
    def unplug(self) -> None:
        """The hub's USB cable pulled: the port goes away, and the Pico, powered by the cable,
        stops. The daemon sees its reader lost and keeps retrying."""
        self.link.unplug()
        self.hub_powered = False
        self.advance(0.05)

    def replug(self) -> None:
        """Plugged back: the port returns and the Pico boots again, with a power-on reset of
        every reader (cards stay where they lie). The daemon reopens the port on its next try."""
        for chip in self.chips:
            chip.revive()
        self.link.replug()
        self.hub = self._firmware.main.build(self.hub_cfg, self.board, self.ticks, self.link)
        self.hub.start()
        self.hub_powered = True
        self.advance(0.05)

    # -- the players' hands ------------------------------------------------------------------
    @property
    def debounce_s(self) -> float:
        return self.config.buttons.debounce_ms / 1000 + 0.005

    def press(self, name: str) -> None:
        self.buttons.press(name)
        self.advance(self.debounce_s)

    def release(self, name: str) -> None:
        self.buttons.release(name)
        self.advance(self.debounce_s)

    def click(self, name: str) -> None:
        self.press(name)
        self.release(name)

    def _chip(self, reader: int) -> FakeMFRC522:
        return self.chips[reader]

    def place(self, card: str, reader: int = 0) -> None:
        """A card (id such as J05, or a hex uid) put on ``reader``; time runs until the hub has
        reported it (or 1 s, for a dead reader)."""
        uid = card.upper() if HEX_UID.fullmatch(card) else uid_of(card)
        self._chip(reader).place(bytes.fromhex(uid))
        self._advance_until(lambda e: isinstance(e, ReaderEvent) and e.kind == "tag" and e.uid == uid)

    def remove(self, reader: int = 0) -> None:
        self._chip(reader).remove()
        self._advance_until(lambda e: isinstance(e, ReaderEvent) and e.kind == "gone" and e.reader == reader)

    def tap(self, card: str, reader: int = 0) -> None:
        self.place(card, reader)
        self.remove(reader)

    def _advance_until(self, pred, limit_s: float = 1.0, step_s: float = 0.01) -> bool:
        start = len(self.seen)
        waited = 0.0
        while waited < limit_s:
            self.advance(step_s)
            waited += step_s
            if any(pred(e) for e in self.seen[start:]):
                return True
        return False

    # -- what the board shows ----------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        return self.daemon.loop.leds.last_frame

    def status(self) -> dict:
        """``/status.json`` from the daemon's own status page (loopback, a free port)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/status.json", timeout=5) as r:
            return json.load(r)

    def journal_path(self) -> Path | None:
        files = sorted(self.journal_dir.glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
        return files[-1] if files else None

    def journal_actions(self) -> list[dict]:
        """The actions of the newest journal on disk (without their checksums)."""
        path = self.journal_path()
        if path is None:
            return []
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        return [{k: v for k, v in a.items() if k != "crc"} for a in lines[1:]]

    @property
    def controller(self):
        return self.daemon.controller

    # -- life cycle --------------------------------------------------------------------------
    def close(self) -> None:
        self.stop.set()
        self.clock.close()
        self.thread.join(5)
        if self.error is not None:
            raise RigError(f"the daemon stopped: {self.error!r}") from self.error

    def __enter__(self) -> FakeTimeBoard:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
