"""The host's board at one end of a line: the guest's presses and taps played on this board's
game, and this board's lamps lit at the other end.

Its own thread owns the referee and the link (the core is never touched from two threads): it
pumps the link, turns each guest input the referee hands out into a RemoteInput on the board's
event queue (daemon/remote_input.py handles it as if at this table, while the seat may act), and
logs each outcome once the board has handled it (after the journal has the actions). The
board's loop tells it of every frame it shows (:meth:`LineHost.observe`); the newest goes to
the line, signed and retained, so the guest's lamps show what the host's show.
"""

from __future__ import annotations

import logging
import queue
import threading

from ..daemon.events import LineStatus, RemoteInput
from ..drivers.frame import Frame
from . import inputs
from .link import LineLink
from .follower import DOWN_AFTER_S
from .messages import LineError, frame_body

log = logging.getLogger(__name__)


class LineHost:
    def __init__(self, link: LineLink, events: queue.Queue, clock, *, down_after_s: float = DOWN_AFTER_S) -> None:
        self.link, self.events, self.clock = link, events, clock
        self.down_after_s = down_after_s
        self._down = False  # the board was told the other place is silent
        self._decided: queue.SimpleQueue = queue.SimpleQueue()  # (Incoming, outcome) from the board's loop
        self._frame: Frame | None = None  # the newest frame not yet sent
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames_sent = 0
        link.arrived = self._wake.set  # a guest's input is taken the moment it arrives

    # -- the board's loop thread ---------------------------------------------------------------
    def observe(self, item) -> None:
        if isinstance(item, Frame):
            with self._lock:
                self._frame = item
            self._wake.set()

    # -- its own thread ----------------------------------------------------------------------
    def start(self, host: str, port: int) -> LineHost:
        self.link.connect(host, port)
        self._thread = threading.Thread(target=self._run, name="line-host", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(5)
        self.link.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(0.05)
            self._wake.clear()
            try:
                self._step()
            except Exception:  # the line must never stop the board; the next step tries again
                log.exception("line %s: a step failed; trying again", self.link.core.line)

    def _step(self) -> None:
        pumped = self.link.pump(self.clock.now())
        if pumped.broker:
            log.warning("line %s: %s", self.link.core.line, pumped.broker)
        for incoming in pumped.incoming:
            try:
                event = inputs.decode(incoming.action, self.clock.now())
            except LineError as exc:
                self.link.refused(incoming, {"code": "bad_input", "values": {"why": str(exc)}})
                continue

            def done(outcome, incoming=incoming):
                self._decided.put((incoming, outcome))
                self._wake.set()
            self.events.put(RemoteInput(incoming.seat, incoming.seq, event, done))
        while True:
            try:
                incoming, outcome = self._decided.get_nowait()
            except queue.Empty:
                break
            if "refused" in outcome:
                self.link.refused(incoming, {"code": outcome["refused"], "values": {}})
            else:
                self.link.applied(incoming.seat, incoming.seq, {"input": incoming.action, **outcome}, {}, None)
        self._watch()
        with self._lock:
            frame, self._frame = self._frame, None
        if frame is not None:
            self.link.say("frame", frame_body(frame), retain=True)
            self.frames_sent += 1


    def _watch(self) -> None:
        """Tell the board when the guest goes silent, and when it is heard again."""
        import time

        heard, guest = self.link.heard, self.link.core.guest
        if heard is None or guest is None:
            return
        silent = self.clock.now() - heard
        if not self._down and silent > self.down_after_s:
            self._down = True
            self.events.put(LineStatus(guest["place"], time.time() - silent + self.down_after_s))
        elif self._down and silent <= self.down_after_s:
            self._down = False
            self.events.put(LineStatus(guest["place"], None))
