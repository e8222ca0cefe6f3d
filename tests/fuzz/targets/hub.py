"""The reader hub's serial lines, both ends of the wire: the board's ``decode_line``,
``LineParser`` and ``HubSession`` (bytes from the hub to the card events the game sees), and the
firmware's ``CommandReader`` (bytes from the board to the hub).

Structured inputs are lines of every message type with plausible and hostile fields, given the
right CRC-8 (so they reach the field checks behind it) or a wrong one, among the protocol
vectors (firmware/protocol_vectors.json) and noise."""

from __future__ import annotations

import re
from functools import cache

from hypothesis import strategies as st

from clacks_hw.drivers.hub_session import HubSession
from clacks_hw.drivers.reader_events import FAULT, GONE, ONLINE, RECOVERED, TAG
from clacks_hw.drivers.hub_protocol import (
    ERROR_KINDS,
    HOST_TYPES,
    HUB_TYPES,
    MAX_LINE,
    MAX_READERS,
    LineParser,
    Message,
    ProtocolError,
    crc8,
    decode_line,
)
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.firmware_files import load_firmware

from ..harness import Target, Violation
from ..mutation import mutated
from ..seeds import vector_lines

KINDS = {TAG, GONE, ONLINE, FAULT, RECOVERED}
UID = re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}")
CHUNK = 7  # bytes per read: a line arrives in pieces, as from a serial port
FIELDS = ["0", "1", "3", "4", "-", "*", "1.1", "2.0", "1.", "0.1.0", "E6614103E7452D2F", "04A2B3C4D5E680",
          "DEADBEEF", "deadbeef", "92,89,B2,00", "92,,", "65535", "65536", "4294967295", "99999999999", "recovered",
          "timeout", "", "A" * 40, "+1", "١"]


@cache
def _firmware():
    return load_firmware().hubproto


def events_ok(events, uid=UID) -> None:
    """Card events as the game takes them: a known kind, a reader of the hub, a card's uid."""
    for e in events:
        if e.kind not in KINDS or not (e.reader is None or 0 <= e.reader < MAX_READERS):
            raise Violation("a card event of an unknown kind or reader", repr(e))
        if e.kind in (TAG, GONE) and not (isinstance(e.uid, str) and uid.fullmatch(e.uid)):
            raise Violation("a tag event without a card's uid", repr(e))
        if not e.detail.isprintable():
            raise Violation("an event's words hold what cannot be shown", repr(e.detail))


def check(data: bytes) -> None:
    for line in data.split(b"\n"):
        try:
            msg = decode_line(line)
        except ProtocolError as exc:
            if exc.kind not in ERROR_KINDS:
                raise Violation("a protocol error of no known kind", exc.kind) from None
        else:
            if not isinstance(msg, Message) or msg.type not in HUB_TYPES:
                raise Violation("a decoded line of an unknown type", repr(msg))
    parser = LineParser()
    parser.feed(data)
    if len(parser._buf) > MAX_LINE + 1:
        raise Violation("the parser holds more than one line", str(len(parser._buf)))
    clock = FakeClock()
    session = HubSession(clock)
    session.connected()
    for at in range(0, len(data), CHUNK):
        events_ok(session.feed(data[at:at + CHUNK]))
        clock.advance(0.3)
        out, events, _ = session.poll()
        events_ok(events)
    for seq, mtype, _ in _firmware().CommandReader().feed(data):
        if mtype not in HOST_TYPES + ("NAK",) or not 0 <= seq < 65536:
            raise Violation("the hub took a command that is not one", f"{seq} {mtype}")


@st.composite
def line(draw) -> bytes:
    """One line of any message type, to or from the hub, usually with the right CRC-8."""
    mtype = draw(st.sampled_from(HUB_TYPES + HOST_TYPES + ("HELO", "tag")))
    args = draw(st.lists(st.sampled_from(FIELDS) | st.text("0123456789ABCDEF,.-", max_size=22), max_size=6))
    seq = draw(st.sampled_from(["0", "1", "2", "65535", "00001", "x"]) | st.integers(0, 65535).map(str))
    body = " ".join([seq, mtype, *args]).encode("latin-1", "replace")
    crc = crc8(body) if draw(st.integers(0, 9)) else draw(st.integers(0, 255))
    return body + b"*%02X" % crc + draw(st.sampled_from([b"\n", b"\r\n", b""]))


@cache
def seeds() -> list[bytes]:
    hub, host = vector_lines("hub_to_host"), vector_lines("host_to_hub")
    return [b"\n".join(hub) + b"\n", b"\n".join(host) + b"\n"] + [v + b"\n" for v in hub + host]


TARGET = Target("hub", "the hub's lines: decode_line, LineParser and HubSession; the firmware's CommandReader",
                st.deferred(lambda: st.lists(line() | st.sampled_from(seeds()), min_size=1, max_size=12).map(b"".join)
                            | mutated(seeds(), (b"\n", b"*", b" ", b"HELLO", b"TAG", b"GONE", b"HB", b"ERR"))),
                seeds, check=check)
