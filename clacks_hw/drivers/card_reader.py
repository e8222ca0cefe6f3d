"""The card reader on a serial port: the reader hub (``firmware/``) or an RDM6300.

:class:`CardReader` owns the port in a background thread and hands :class:`ReaderEvent` s to
the daemon through a thread-safe sink (a callable, or anything with ``put`` such as a
``queue.Queue``). A card arriving is one ``tag`` event however long it rests; a port that
fails is an ``offline`` state retried with bounded exponential backoff on the injected
clock, and ``online`` again when it answers. Bad input is counted and logged (the first whole,
then a count a minute: base/rate_log.py), never raised.

The protocol logic lives in pure "session" classes (bytes in, events and bytes out: the hub's
in hub_session.py, the RDM6300's in rdm6300.py), so tests can drive it without threads;
:meth:`CardReader.step` is one iteration of the thread. Its events are reader_events.py's;
hub_probe.py asks a port whether a hub is there.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import Counter
from typing import Any, Callable

import serial

from ..base.clock import SystemClock
from .hub_session import HubSession
from .rdm6300 import Rdm6300Session
from .reader_events import OFFLINE, ONLINE, ReaderEvent


log = logging.getLogger(__name__)

HUB_BAUD = 115200  # USB CDC ignores it, but pyserial needs a value
RDM6300_BAUD = 9600


class Backoff:
    """Exponential delays between reconnection attempts, capped so a returning device is
    found within ``maximum`` seconds."""

    def __init__(self, initial: float = 0.5, maximum: float = 30.0, factor: float = 2.0) -> None:
        self.initial, self.maximum, self.factor = initial, maximum, factor
        self._next = initial

    def next(self) -> float:
        delay = self._next
        self._next = min(self._next * self.factor, self.maximum)
        return delay

    def reset(self) -> None:
        self._next = self.initial


def open_serial(port: str, baudrate: int, timeout: float):
    # exclusive: `enroll` or `doctor` started while the daemon holds the port get a clear
    # "busy" error instead of each silently receiving half of the lines.
    return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout, exclusive=True)


class CardReader:
    """One serial card reader, kept alive in a background thread (or stepped by a test)."""

    def __init__(self, port: str, sink: Callable[[ReaderEvent], Any] | Any, *, protocol: str = "hub",
                 clock=None, baudrate: int | None = None, serial_factory=open_serial,
                 backoff: Backoff | None = None, read_timeout: float = 0.05, **session_options) -> None:
        if protocol not in ("hub", "rdm6300"):
            raise ValueError(f"unknown card reader protocol {protocol!r}: use 'hub' or 'rdm6300'")
        self.port = port
        self.protocol = protocol
        self.clock = clock or SystemClock()
        self.baudrate = baudrate or (HUB_BAUD if protocol == "hub" else RDM6300_BAUD)
        self.read_timeout = read_timeout
        self.backoff = backoff or Backoff()
        self.state = "connecting"
        self.attempts = 0
        self.last_error = ""
        self._deliver = sink.put if hasattr(sink, "put") else sink
        self._factory = serial_factory
        session_cls = HubSession if protocol == "hub" else Rdm6300Session
        self.session = session_cls(self.clock, **session_options)
        self._ser = None
        self._next_attempt = self.clock.now()
        self._requests: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- thread ---
    def start(self) -> "CardReader":
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"card-reader {self.port}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.step()
            except Exception:  # a bug here must not silently end card reading
                log.exception("card reader %s: unexpected error; reopening the port", self.port)
                self._drop("internal error")

    # --- requests from other threads ---
    def reset_reader(self, reader: int | None = None) -> None:
        """Ask the hub to re-initialise one reader (or all); ignored for an RDM6300."""
        self._requests.put(("RESET", "*" if reader is None else reader))

    @property
    def counts(self) -> Counter[str]:
        return self.session.parser.counts + self.session.counts

    # --- one iteration ---
    def step(self) -> None:
        if self._ser is None:
            self._try_open()
            return
        try:
            self._send_requests()
            data = self._ser.read(self._ser.in_waiting or 1)
        except (serial.SerialException, OSError) as exc:
            self._drop(f"lost {self.port}: {exc}")
            return
        events = self.session.feed(data) if data else []
        out, more, alive = self.session.poll()
        events += more
        if out and not self._write(out):
            return
        self._emit(events)
        if not alive:
            self._drop(f"{self.port} silent for {self.session.silence_timeout:g} s")

    def _try_open(self) -> None:
        now = self.clock.now()
        if now < self._next_attempt:
            # Short naps, so stop() and a returning device are noticed quickly.
            self.clock.sleep(min(0.1, self._next_attempt - now))
            return
        self.attempts += 1
        try:
            self._ser = self._factory(self.port, self.baudrate, self.read_timeout)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._offline(f"cannot open {self.port}: {exc}")
            return
        log.info("card reader: opened %s", self.port)
        out, events = self.session.connected()
        if out and not self._write(out):
            return
        self._emit(events)

    def _send_requests(self) -> None:
        while self.protocol == "hub":
            try:
                mtype, arg = self._requests.get_nowait()
            except queue.Empty:
                return
            self._ser.write(self.session.command(mtype, arg))

    def _write(self, data: bytes) -> bool:
        try:
            self._ser.write(data)
            return True
        except (serial.SerialException, OSError) as exc:
            self._drop(f"cannot write to {self.port}: {exc}")
            return False

    def _close(self) -> None:
        self.session.parser.flush()  # the count of bad input read so far, before the port goes
        if self._ser is not None:
            try:
                self._ser.close()
            except Exception as exc:  # closing a vanished device may fail; it is gone anyway
                log.debug("card reader: closing %s: %s", self.port, exc)
            self._ser = None

    def _drop(self, reason: str) -> None:
        self._close()
        self._offline(reason)

    def _offline(self, reason: str) -> None:
        delay = self.backoff.next()
        self._next_attempt = self.clock.now() + delay
        self.last_error = reason
        if self.state != OFFLINE:
            self.state = OFFLINE
            log.warning("card reader offline: %s; retrying in %.1f s (backoff up to %.0f s)",
                        reason, delay, self.backoff.maximum)
            self._emit([ReaderEvent(OFFLINE, None, None, reason)])
        else:
            log.debug("card reader still offline: %s; next try in %.1f s", reason, delay)

    def _emit(self, events: list[ReaderEvent]) -> None:
        for event in events:
            if event.kind == ONLINE:
                self.state = ONLINE
                self.backoff.reset()
                log.info("card reader online: %s", event.detail)
            try:
                self._deliver(event)
            except Exception:  # the consumer's bug must not stop the reader
                log.exception("card reader: the event sink failed on %s", event)
