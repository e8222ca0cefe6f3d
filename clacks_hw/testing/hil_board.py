"""The daemon's real entry point (app.run in a thread) against an emulated reader hub on a real
pty, gpiozero MockFactory pins and a recording LED sink: the hardware-in-the-loop rig.

    with HilBoard(tmp_path) as board:
        board.press("PLAY")
        board.tap("W:GUILD")
        assert board.leds.last_frame ...
"""

from __future__ import annotations

import io
import queue
import random
import threading
import time

from clacks_hw.base.clock import SystemClock
from clacks_hw.config.load import load_config
from clacks_hw.daemon import app
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.drivers.frame import Frame

from .buttons import MockButtons
from .cards import uid_of, write_enrolment
from .emulated_hub import EmulatedHub
from .recording_leds import RecordingLeds
from .rig_settings import BUILTIN

WAIT_S = 3.0


class HilBoard:
    def __init__(self, tmp_path, *, seed: int = 3, hub: bool = True, leds=None, overrides: dict | None = None,
                 status_page: bool | None = None, mqtt: bool | None = None, **settings) -> None:
        """``overrides``: more config keys (``{"mqtt.host": ...}``); ``status_page``/``mqtt``: turn
        the status page and the MQTT link on (a rig has neither unless asked)."""
        self.journal_dir = tmp_path / "journals"
        self.journal_dir.mkdir(parents=True, exist_ok=True)
        write_enrolment(self.journal_dir / "cards.toml")
        self.hub = EmulatedHub(readers=1, hb_ms=200).start() if hub else None
        keys = {"leds.backend": "virtual", "buttons.pin_factory": "mock", "buttons.debounce_ms": 5,
                "journal.dir": str(self.journal_dir), "reader.type": "hub" if hub else "none"}
        if hub:
            keys["reader.port"] = self.hub.path
        self.config = load_config(BUILTIN, overrides={**keys, **(overrides or {})}, check_devices=False)
        self.clock = SystemClock()
        self.leds = leds if leds is not None else RecordingLeds(self.clock)
        self.buttons = MockButtons(self.config.buttons)
        self.factory = self.buttons.factory
        self.seen: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.daemon = None
        ready = threading.Event()

        def on_ready(d):
            self.daemon = d
            ready.set()

        seams = app.Seams(clock=self.clock, led_backend=self.leds, pin_factory=self.factory, stop=self.stop,
                          output=io.StringIO(), rng=random.Random(seed), observer=self.seen.put,
                          on_ready=on_ready, settings={"flash_s": 0.2, "error_s": 0.1, **settings},
                          status_page=status_page, mqtt=mqtt)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(seams,), daemon=True)
        self.thread.start()
        assert ready.wait(WAIT_S), "the daemon did not start"
        if hub:
            self.wait_for(lambda e: isinstance(e, ReaderEvent) and e.kind == "online")

    def _run(self, seams) -> None:
        try:
            app.run(self.config, seams=seams)
        except BaseException as exc:  # surfaced by close()
            self.error = exc

    # -- waiting on what the loop reports (bounded) --
    def wait_for(self, pred, timeout: float = WAIT_S):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("timed out waiting on the daemon")
            try:
                item = self.seen.get(timeout=left)
            except queue.Empty:
                continue
            if pred(item):
                return item

    def collect(self, timeout: float) -> list:
        """Everything the loop reports for ``timeout`` seconds (a bounded wait)."""
        out = []
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                out.append(self.seen.get(timeout=left))
            except queue.Empty:
                pass
        return out

    def wait_frame(self, check, timeout: float = WAIT_S) -> Frame:
        frames = self.leds.frames if isinstance(self.leds, RecordingLeds) else []
        if frames and check(frames[-1][1]):
            return frames[-1][1]
        return self.wait_for(lambda e: isinstance(e, Frame) and check(e), timeout)

    # -- the players' hands --
    def pin(self, name: str):
        return self.buttons.pin(name)

    def press(self, name: str) -> None:
        self.pin(name).drive_low()
        self.wait_for(lambda e: isinstance(e, ButtonEvent) and e.kind == "press" and e.button == name)
        self.pin(name).drive_high()
        self.wait_for(lambda e: isinstance(e, ButtonEvent) and e.kind == "release" and e.button == name)

    def tap(self, card: str) -> None:
        uid = uid_of(card)
        self.hub.place_card(0, bytes.fromhex(uid))
        self.wait_for(lambda e: isinstance(e, ReaderEvent) and e.kind == "tag" and e.uid == uid)
        self.hub.remove_card(0)
        self.wait_for(lambda e: isinstance(e, ReaderEvent) and e.kind == "gone" and e.uid == uid)

    @property
    def controller(self):
        return self.daemon.controller

    @property
    def state(self):
        return self.daemon.controller.session.state

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        if self.hub is not None:
            self.hub.stop()
        assert not self.thread.is_alive(), "the daemon did not stop"
        if self.error is not None:
            raise self.error

    def __enter__(self) -> HilBoard:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def start_competitive(board: HilBoard, words=("GUILD",)) -> None:
    board.press("PLAY")  # attract -> setup
    board.press("PLAY")  # C
    board.press("PLAY")  # no variants
    board.press("PLAY")  # S N
    for w in words:
        board.tap(f"W:{w}")
    board.press("PLAY")  # deal the rest and start
    assert board.controller.screen == "game"
