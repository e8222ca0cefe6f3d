"""The card reader on a serial port: the reader hub (``firmware/``) or an RDM6300.

:class:`CardReader` owns the port in a background thread and hands :class:`ReaderEvent` s to
the daemon through a thread-safe sink (a callable, or anything with ``put`` such as a
``queue.Queue``). A card arriving is one ``tag`` event however long it rests; a port that
fails is an ``offline`` state retried with bounded exponential backoff on the injected
clock, and ``online`` again when it answers. Bad input is counted and logged, never raised.

The protocol logic lives in pure "session" classes (bytes in, events and bytes out), so
tests can drive it without threads; :meth:`CardReader.step` is one iteration of the thread.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import serial

from clacks_hw.clock import SystemClock
from clacks_hw.drivers.hub_protocol import SEQ_MODULO, LineParser, Message, chip_name, encode_line
from clacks_hw.drivers.rdm6300 import Rdm6300Parser, TagPresence

log = logging.getLogger(__name__)

TAG = "tag"  # a card arrived: one tap
GONE = "gone"  # that card left the reader
ONLINE = "online"  # the reader (hub) answers; detail says what it is
OFFLINE = "offline"  # the port is gone or silent; retried with backoff
FAULT = "fault"  # one reader of the hub (or the hub, reader=None) reports a fault
RECOVERED = "recovered"  # a faulty reader works again

HUB_BAUD = 115200  # USB CDC ignores it, but pyserial needs a value
RDM6300_BAUD = 9600


@dataclass(frozen=True)
class ReaderEvent:
    kind: str
    reader: int | None = None
    uid: str | None = None
    detail: str = ""


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


class HubSession:
    """Reader-hub protocol state for one connection after another (pure, clock injected).

    Keeps the host's view of which card rests on which reader, so a card still resting after
    a reconnection or a hub reboot is not a second tap: the TAGs between a HELLO and the next
    HB are the hub's full picture, and cards missing from it are reported gone.
    """

    def __init__(self, clock, *, ping_after: float = 2.0, silence_timeout: float = 5.0,
                 info_every: float = 1.0, resync_every: float = 0.5) -> None:
        self.clock = clock
        self.ping_after, self.silence_timeout, self.info_every = ping_after, silence_timeout, info_every
        self.resync_every = resync_every  # at most one snapshot request per this, on a noisy line
        self._gaps = 0
        self._resync = False
        self.parser = LineParser()
        self.present: dict[int, str] = {}
        self.info: dict[str, Any] | None = None
        self.counts: Counter[str] = Counter()
        self.online = False
        self._seq = 0
        self._snapshot: set[int] | None = None
        self._last_rx = self._last_info = clock.now()
        self._pinged = False
        self._ok_lines = 0
        self._version_reported = False

    def command(self, mtype: str, *args: object) -> bytes:
        line = encode_line(self._seq, mtype, *args)
        self._seq = (self._seq + 1) % SEQ_MODULO
        return line

    def connected(self) -> tuple[bytes, list[ReaderEvent]]:
        self.parser.reset_stream()
        self.online = False
        self._snapshot = None
        self._pinged = False
        self._version_reported = False
        self._last_rx = self._last_info = self.clock.now()
        return self.command("INFO"), []

    def feed(self, data: bytes) -> list[ReaderEvent]:
        events: list[ReaderEvent] = []
        msgs = self.parser.feed(data)
        if self.parser.counts["ok"] != self._ok_lines:  # any good line proves the link alive
            self._ok_lines = self.parser.counts["ok"]
            self._last_rx = self.clock.now()
            self._pinged = False
        if self.parser.counts["seq_gap"] != self._gaps:
            # Lines were lost: maybe a TAG or GONE. The hub's snapshot (INFO: HELLO, a TAG per
            # resting card, HB) reconciles ``present`` both ways, so nothing is missed or doubled.
            self._gaps = self.parser.counts["seq_gap"]
            self._resync = self.online
        if self.parser.version_error and not self._version_reported:
            self._version_reported = True
            events.append(ReaderEvent(FAULT, None, None, self.parser.version_error))
        for msg in msgs:
            self._message(msg, events)
        return events

    def poll(self) -> tuple[bytes, list[ReaderEvent], bool]:
        now = self.clock.now()
        out = b""
        if not self.online and now - self._last_info >= self.info_every:
            self._last_info = now
            out += self.command("INFO")  # the first INFO or its answer may have been lost
        elif self._resync and now - self._last_info >= self.resync_every:
            self._resync = False
            self._last_info = now
            self.counts["resync"] += 1
            out += self.command("INFO")
        quiet = now - self._last_rx
        if quiet >= self.silence_timeout:
            return out, [], False
        if quiet >= self.ping_after and not self._pinged:
            self._pinged = True
            out += self.command("PING")
        return out, [], True

    def _message(self, msg: Message, events: list[ReaderEvent]) -> None:
        f = msg.fields
        if msg.type == "HELLO":
            self.info = dict(f)
            self._snapshot = set(self.present)
            if not self.online:
                self.online = True
                events.append(ReaderEvent(ONLINE, None, None,
                                          f"reader hub {f['board']}: firmware {f['firmware']}, "
                                          f"protocol {f['proto']}, {f['readers']} reader(s)"))
        elif msg.type == "TAG":
            reader, uid = f["reader"], f["uid"]
            if self._snapshot is not None:
                self._snapshot.discard(reader)
            prev = self.present.get(reader)
            if prev == uid:
                self.counts["repeat_tag"] += 1  # the same card still resting: not a new tap
                return
            if prev is not None:
                events.append(ReaderEvent(GONE, reader, prev, "replaced"))
            self.present[reader] = uid
            events.append(ReaderEvent(TAG, reader, uid))
        elif msg.type == "GONE":
            if self._snapshot is not None:
                self._snapshot.discard(f["reader"])
            prev = self.present.pop(f["reader"], None)
            if prev is not None:
                events.append(ReaderEvent(GONE, f["reader"], prev))
        elif msg.type == "HB":
            if self._snapshot is not None:
                for reader in sorted(self._snapshot):
                    events.append(ReaderEvent(GONE, reader, self.present.pop(reader), "not on the hub any more"))
                self._snapshot = None
            log.debug("reader hub heartbeat: %s", f)
        elif msg.type == "ERR":
            where = "reader hub" if f["reader"] is None else f"card reader {f['reader']}"
            if f["reason"] == "recovered":
                log.info("%s recovered", where)
                events.append(ReaderEvent(RECOVERED, f["reader"], None, f["reason"]))
            else:
                log.warning("%s fault: %s", where, f["reason"])
                events.append(ReaderEvent(FAULT, f["reader"], None, f["reason"]))
        elif msg.type == "NAK":
            log.warning("reader hub refused command %d: %s", f["ref"], f["reason"])


class Rdm6300Session:
    """RDM6300 on a UART: nothing to send, online as soon as the port opens."""

    def __init__(self, clock, *, timeout: float = 0.5) -> None:
        self.clock = clock
        self.parser = Rdm6300Parser()
        self.presence = TagPresence(clock, timeout)
        self.counts: Counter[str] = Counter()

    def connected(self) -> tuple[bytes, list[ReaderEvent]]:
        self.presence._last_seen = self.clock.now()  # a resting card gets time to repeat itself
        return b"", [ReaderEvent(ONLINE, None, None, "RDM6300 reader")]

    def feed(self, data: bytes) -> list[ReaderEvent]:
        events = []
        for uid in self.parser.feed(data):
            events += [ReaderEvent(kind, 0, u) for kind, u in self.presence.seen(uid)]
        return events

    def poll(self) -> tuple[bytes, list[ReaderEvent], bool]:
        return b"", [ReaderEvent(kind, 0, u) for kind, u in self.presence.expire()], True


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


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    hello: dict[str, Any] | None
    message: str


def probe_hub(port: str, timeout: float = 2.0, *, clock=None, serial_factory=open_serial) -> ProbeResult:
    """Open ``port``, send INFO and wait at most ``timeout`` seconds for a HELLO (for doctor)."""
    clock = clock or SystemClock()
    try:
        ser = serial_factory(port, HUB_BAUD, 0.05)
    except (serial.SerialException, OSError, ValueError) as exc:
        return ProbeResult(False, None, f"cannot open {port}: {exc}")
    parser = LineParser()
    try:
        ser.write(encode_line(0, "INFO"))
        deadline = clock.now() + timeout
        while clock.now() < deadline:
            data = ser.read(ser.in_waiting or 1)
            if not data:
                clock.sleep(0.01)
            for msg in parser.feed(data):
                if msg.type == "HELLO":
                    f = msg.fields
                    chips = ", ".join(f"{k}: {chip_name(v)}" for k, v in enumerate(f["chips"]))
                    return ProbeResult(True, dict(f), f"reader hub {f['board']}: firmware {f['firmware']}, "
                                                      f"protocol {f['proto']}, {f['readers']} reader(s)"
                                                      + (f" ({chips})" if chips else ""))
            if parser.version_error:
                return ProbeResult(False, None, parser.version_error)
        bad = sum(v for k, v in parser.counts.items() if k not in ("ok", "ignored"))
        return ProbeResult(False, None, f"no HELLO from {port} within {timeout:g} s ({bad} bad line(s)): "
                                        "not a reader hub, or its firmware is not running")
    except (serial.SerialException, OSError) as exc:
        return ProbeResult(False, None, f"lost {port} while probing: {exc}")
    finally:
        try:
            ser.close()
        except Exception as exc:  # probing only: a close failure changes nothing
            log.debug("probe_hub: closing %s: %s", port, exc)
