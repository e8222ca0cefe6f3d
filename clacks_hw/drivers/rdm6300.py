"""RDM6300 (125 kHz EM4100) frames and tag presence. Pure: no I/O; time from a clock object.

The reader repeats ``0x02`` + 10 hex chars (version byte + 32-bit card number) + 2 hex chars
(XOR of the five data bytes) + ``0x03`` for as long as a card is in its field, and says
nothing when it leaves; so arrival is the first good frame and removal is inferred when no
frame has come for ``timeout`` seconds. :class:`Rdm6300Session` turns them into reader events.
"""

from __future__ import annotations

import logging
from collections import Counter

from ..base.rate_log import RateLimitedLog
from .reader_events import ONLINE, ReaderEvent

log = logging.getLogger(__name__)

STX = 0x02
ETX = 0x03
PAYLOAD_LEN = 12  # 10 data + 2 checksum hex characters
HEX = b"0123456789ABCDEFabcdef"


def frame_checksum_ok(payload: bytes) -> bool:
    data = bytes.fromhex(payload[:10].decode("ascii"))
    xor = 0
    for b in data:
        xor ^= b
    return xor == int(payload[10:12], 16)


def make_frame(uid: str) -> bytes:
    """A valid frame for a 10-hex-digit UID (for tests and emulation)."""
    data = bytes.fromhex(uid)
    xor = 0
    for b in data:
        xor ^= b
    return bytes([STX]) + uid.upper().encode("ascii") + b"%02X" % xor + bytes([ETX])


class Rdm6300Parser:
    """Streaming frame parser: never raises; bad frames and stray bytes are counted."""

    def __init__(self, *, now=None) -> None:
        """``now``: the clock the bad frames' log is rated by (``Clock.now``; the system's if None)."""
        self.counts: Counter[str] = Counter()
        self._buf: bytearray | None = None  # None: outside a frame
        self.bad_frames = RateLimitedLog(log, "RDM6300", "bad frame", "bad frames", now=now)

    def feed(self, data: bytes) -> list[str]:
        uids = []
        for b in data:
            if b == STX:
                if self._buf is not None:
                    self._bad("bad_frame", "frame restarted before its end")
                self._buf = bytearray()
            elif self._buf is None:
                self.counts["garbage"] += 1  # noise between frames; common at power-up
            elif b == ETX:
                uid = self._frame(bytes(self._buf))
                self._buf = None
                if uid is not None:
                    uids.append(uid)
            elif len(self._buf) >= PAYLOAD_LEN or b not in HEX:
                self._bad("bad_frame", f"unexpected byte 0x{b:02X} inside a frame")
                self._buf = None
            else:
                self._buf.append(b)
        return uids

    def _frame(self, payload: bytes) -> str | None:
        if len(payload) != PAYLOAD_LEN:
            self._bad("bad_frame", f"frame of {len(payload)} characters, expected {PAYLOAD_LEN}")
            return None
        if not frame_checksum_ok(payload):
            self._bad("bad_checksum", f"checksum mismatch in {payload!r}")
            return None
        self.counts["ok"] += 1
        return payload[:10].decode("ascii").upper()

    def tick(self) -> None:
        self.bad_frames.tick()

    def flush(self) -> None:
        self.bad_frames.flush()

    def _bad(self, kind: str, detail: str) -> None:
        self.counts[kind] += 1
        self.bad_frames.warning(kind, "RDM6300: dropped a bad frame (%s): %s", kind, detail)


class TagPresence:
    """Turns repeated sightings into arrival once and removal after ``timeout`` of silence."""

    def __init__(self, clock, timeout: float = 0.5) -> None:
        self.clock = clock
        self.timeout = timeout
        self.uid: str | None = None
        self._last_seen = 0.0

    def seen(self, uid: str) -> list[tuple[str, str]]:
        events = []
        now = self.clock.now()
        if self.uid is not None and uid != self.uid:
            events.append(("gone", self.uid))  # another card without a gap in between
            self.uid = None
        if self.uid is None:
            self.uid = uid
            events.append(("tag", uid))
        self._last_seen = now
        return events

    def expire(self) -> list[tuple[str, str]]:
        if self.uid is not None and self.clock.now() - self._last_seen > self.timeout:
            uid, self.uid = self.uid, None
            return [("gone", uid)]
        return []


class Rdm6300Session:
    """RDM6300 on a UART: nothing to send, online as soon as the port opens."""

    def __init__(self, clock, *, timeout: float = 0.5) -> None:
        self.clock = clock
        self.parser = Rdm6300Parser(now=clock.now)
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
        self.parser.tick()
        return b"", [ReaderEvent(kind, 0, u) for kind, u in self.presence.expire()], True
