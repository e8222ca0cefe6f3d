"""Host side of the reader-hub line protocol (``firmware/PROTOCOL.md``, version 1.x).

Pure: no I/O, and the clock only injected. :func:`decode_line` turns one line into a
:class:`Message` or raises :class:`ProtocolError` with a ``kind`` from :data:`ERROR_KINDS`;
:class:`LineParser` is the streaming form fed arbitrary bytes: it resynchronises at every
newline, bounds the line length, counts bad lines by kind (and logs them at a bounded rate, on
the clock it is given) and never raises. The firmware has its own copy of the
framing (``firmware/hubproto.py``); ``firmware/protocol_vectors.json`` keeps both honest.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import ClacksError
from ..base.rate_log import RateLimitedLog

log = logging.getLogger(__name__)

PROTOCOL_MAJOR = 1
PROTOCOL_MINOR = 2  # 1.1: HELLO names each reader's chip (VersionReg); 1.2: and whether MISO is held
PROTOCOL_VERSION = f"{PROTOCOL_MAJOR}.{PROTOCOL_MINOR}"
#: Longest line in bytes, terminator excluded. Anything longer is dropped whole.
MAX_LINE = 96
SEQ_MODULO = 65536
MAX_READERS = 4

ERROR_KINDS = (
    "too_long",  # more than MAX_LINE bytes before the newline
    "bad_char",  # a byte outside printable ASCII 0x20..0x7E
    "bad_frame",  # no "*CC" trailer, or no "<seq> <TYPE>" head
    "bad_crc",  # the CRC-8 does not match
    "unknown",  # a message type this side does not know
    "malformed",  # a known type with missing or invalid arguments
    "bad_version",  # HELLO with a protocol major version other than ours
)

HUB_TYPES = ("HELLO", "TAG", "GONE", "HB", "ERR", "PONG", "ACK", "NAK")
HOST_TYPES = ("PING", "INFO", "RESET")


def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc_table()


def crc8(data: bytes) -> int:
    """CRC-8/SMBUS: poly 0x07, init 0x00, not reflected, no final xor (check "123456789" = 0xF4)."""
    crc = 0
    for byte in data:
        crc = _CRC_TABLE[crc ^ byte]
    return crc


class ProtocolError(ClacksError, ValueError):
    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class Message:
    seq: int
    type: str
    fields: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "type": self.type, **self.fields}


def encode_line(seq: int, mtype: str, *args: object) -> bytes:
    """One complete line, terminator included: ``<seq> <TYPE>[ <arg>]...*<CRC>\\n``."""
    body = " ".join([str(seq % SEQ_MODULO), mtype, *(str(a) for a in args)]).encode("ascii")
    return body + b"*%02X\n" % crc8(body)


def _int(text: str, what: str, lo: int = 0, hi: int = 2**32 - 1) -> int:
    # Digits only (no sign, no spaces, bounded length) so int() sees nothing surprising.
    if not text.isdigit() or len(text) > 10:
        raise ProtocolError("malformed", f"{what} {text!r} is not a number")
    value = int(text)
    if not lo <= value <= hi:
        raise ProtocolError("malformed", f"{what} {value} outside {lo}..{hi}")
    return value


def _reader(text: str) -> int | None:
    if text == "-":  # the hub itself, not one reader (ERR only)
        return None
    return _int(text, "reader", 0, MAX_READERS - 1)


def _uid(text: str) -> str:
    if len(text) not in (8, 14, 20) or any(c not in "0123456789ABCDEF" for c in text):
        raise ProtocolError("malformed", f"uid {text!r} is not 4, 7 or 10 bytes of upper-case hex")
    return text


def _token(text: str, what: str) -> str:
    if not text or len(text) > 32:
        raise ProtocolError("malformed", f"bad {what} {text!r}")
    return text


def _need(args: list[str], n: int, mtype: str) -> None:
    # Extra trailing arguments are allowed: a newer minor version may append fields.
    if len(args) < n:
        raise ProtocolError("malformed", f"{mtype} needs {n} argument(s), got {len(args)}")


#: VersionReg values and the chips they name (firmware/mfrc522.py CHIP_NAMES; a test keeps
#: the two equal): NXP's MFRC522 and the Fudan clones found on cheap boards.
CHIP_NAMES = {0x88: "FM17522", 0x89: "FM17522E", 0x90: "MFRC522 v0.0", 0x91: "MFRC522 v1.0",
              0x92: "MFRC522 v2.0", 0xB2: "FM17522_1", 0x12: "counterfeit MFRC522"}


#: HELLO's ``bus`` (1.2): every deselected reader releases MISO, or one drives it.
BUS_STATES = ("ok", "held")

#: ERR reasons (PROTOCOL.md) in words, for logs and doctor.
FAULT_WORDS = {
    "absent": "no chip answered at boot",
    "noanswer": "the chip stopped answering",
    "reset": "the chip lost its settings (a brown-out)",
    "recovered": "re-initialised, back in service",
    "loop": "an exception in the hub's main loop",
    "misoheld": "a deselected card reader drives MISO, so the other readers' answers are corrupted",
}
#: What to do about a held MISO (doctor, selftest, the daemon's log).
MISO_HELD_FIX = ("fit the MISO buffers between the readers and the hub (each reader's MISO through a "
                 "tri-state buffer of its own, enabled by its chip select: the circuit board's U3-U6), "
                 "or check they are soldered: docs/readers.md")


def miso_held(hello: dict[str, Any]) -> bool:
    """A HELLO saying a deselected reader drives MISO while others share the line (one reader
    alone on it reads fine)."""
    return hello.get("bus") == "held" and hello.get("readers", 0) > 1


def fault_words(reason: str) -> str:
    """An ERR reason in words; an unknown (newer) reason as it came."""
    return FAULT_WORDS.get(reason, reason)


def chip_name(version: int) -> str:
    if version in (0x00, 0xFF):
        return "no chip answering"
    return CHIP_NAMES.get(version, f"unknown chip 0x{version:02X}")


def _chips(text: str) -> list[int]:
    parts = text.split(",")
    if len(parts) > MAX_READERS or any(len(p) != 2 or any(c not in "0123456789ABCDEF" for c in p) for p in parts):
        raise ProtocolError("malformed", f"chip versions {text!r} are not up to {MAX_READERS} hex bytes, comma-separated")
    return [int(p, 16) for p in parts]


def _bus(text: str) -> str:
    if text not in BUS_STATES:
        raise ProtocolError("malformed", f"bus {text!r} is not one of {', '.join(BUS_STATES)}")
    return text


def _parse_version(text: str) -> tuple[int, int]:
    major, dot, minor = text.partition(".")
    if not dot:
        raise ProtocolError("malformed", f"protocol version {text!r} is not MAJOR.MINOR")
    return _int(major, "major version", 0, 999), _int(minor, "minor version", 0, 999)


def _hub_fields(mtype: str, args: list[str]) -> dict[str, Any]:
    if mtype == "HELLO":
        _need(args, 1, mtype)
        major, minor = _parse_version(args[0])
        if major != PROTOCOL_MAJOR:
            raise ProtocolError("bad_version", f"hub speaks protocol {args[0]}, host speaks {PROTOCOL_VERSION}")
        _need(args, 4, mtype)
        board = args[3]
        if len(board) > 32 or any(c not in "0123456789ABCDEF" for c in board) or not board:
            raise ProtocolError("malformed", f"board id {board!r} is not upper-case hex")
        return {
            "proto": args[0],
            "minor": minor,
            "firmware": _token(args[1], "firmware version"),
            "readers": _int(args[2], "reader count", 1, MAX_READERS),
            "board": board,
            # Since 1.1: each reader's VersionReg in reader order (0 = nothing answered).
            "chips": _chips(args[4]) if len(args) > 4 else [],
            # Since 1.2: "held" if a deselected reader drives MISO (None: an older hub, unknown).
            "bus": _bus(args[5]) if len(args) > 5 else None,
        }
    if mtype == "TAG":
        _need(args, 2, mtype)
        return {"reader": _int(args[0], "reader", 0, MAX_READERS - 1), "uid": _uid(args[1])}
    if mtype == "GONE":
        _need(args, 1, mtype)
        return {"reader": _int(args[0], "reader", 0, MAX_READERS - 1)}
    if mtype == "HB":
        _need(args, 5, mtype)
        names = ("uptime", "polls", "tags", "faults", "bad_cmds")
        return {name: _int(text, name) for name, text in zip(names, args)}
    if mtype == "ERR":
        _need(args, 2, mtype)
        return {"reader": _reader(args[0]), "reason": _token(args[1], "reason")}
    if mtype in ("PONG", "ACK"):
        _need(args, 1, mtype)
        return {"ref": _int(args[0], "ref", 0, SEQ_MODULO - 1)}
    if mtype == "NAK":
        _need(args, 2, mtype)
        return {"ref": _int(args[0], "ref", 0, SEQ_MODULO - 1), "reason": _token(args[1], "reason")}
    raise ProtocolError("unknown", f"message type {mtype!r}")


def _host_fields(mtype: str, args: list[str]) -> dict[str, Any]:
    if mtype in ("PING", "INFO"):
        return {}
    if mtype == "RESET":
        _need(args, 1, mtype)
        return {"target": "*" if args[0] == "*" else _int(args[0], "reader", 0, MAX_READERS - 1)}
    raise ProtocolError("unknown", f"command {mtype!r}")


def decode_line(line: bytes | str, *, direction: str = "hub") -> Message:
    """Decode one line (terminator optional). ``direction``: "hub" (hub to host) or "host"."""
    if isinstance(line, str):
        line = line.encode("latin-1")
    line = line.rstrip(b"\r\n")
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", f"{len(line)} bytes, limit {MAX_LINE}")
    if any(b < 0x20 or b > 0x7E for b in line):
        raise ProtocolError("bad_char", "byte outside printable ASCII")
    text = line.decode("ascii")
    body, star, crc_text = text.rpartition("*")
    if not star or len(crc_text) != 2 or any(c not in "0123456789ABCDEF" for c in crc_text):
        raise ProtocolError("bad_frame", "no *CC checksum trailer")
    if crc8(body.encode("ascii")) != int(crc_text, 16):
        raise ProtocolError("bad_crc", f"got {crc_text}, computed {crc8(body.encode('ascii')):02X}")
    parts = body.split(" ")
    if len(parts) < 2 or not parts[0].isdigit() or len(parts[0]) > 5 or int(parts[0]) >= SEQ_MODULO:
        raise ProtocolError("bad_frame", "line does not start with '<seq> <TYPE>'")
    if any(p == "" for p in parts):
        raise ProtocolError("malformed", "empty field (double or trailing space)")
    seq, mtype, args = int(parts[0]), parts[1], parts[2:]
    fields = _hub_fields(mtype, args) if direction == "hub" else _host_fields(mtype, args)
    return Message(seq, mtype, fields)


class LineParser:
    """Streaming decoder for the hub-to-host byte stream. Never raises.

    Until a HELLO with our major version has been seen, every other message is counted as
    ``ignored`` and dropped: without a HELLO the host cannot know what the lines mean.
    """

    def __init__(self, *, max_line: int = MAX_LINE, now=None) -> None:
        """``now``: the clock the bad lines' log is rated by (``Clock.now``; the system's if None)."""
        self.max_line = max_line
        self.counts: Counter[str] = Counter()
        # A noisy cable sends thousands of bad lines a second: the first is logged, then a count.
        self.bad_lines = RateLimitedLog(log, "reader hub", "bad line", "bad lines", now=now)
        self.gaps = RateLimitedLog(log, "reader hub", "sequence gap", "sequence gaps", now=now)
        self.hello: Message | None = None
        self.version_error: str | None = None
        self._buf = bytearray()
        self._overflow = False
        self._expected_seq: int | None = None

    def reset_stream(self) -> None:
        """A new connection: drop any partial line and forget the sequence and the HELLO."""
        self._buf.clear()
        self._overflow = False
        self._expected_seq = None
        self.hello = None

    def feed(self, data: bytes) -> list[Message]:
        out: list[Message] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            chunk = data[start:] if nl < 0 else data[start:nl]
            if not self._overflow:
                if len(self._buf) + len(chunk) > self.max_line + 1:  # +1 allows a "\r"
                    self._overflow = True
                    self._buf.clear()
                else:
                    self._buf += chunk
            if nl < 0:
                return out
            start = nl + 1
            if self._overflow:
                self._bad("too_long", f"line longer than {self.max_line} bytes dropped")
                self._overflow = False
            else:
                line = bytes(self._buf)
                self._buf.clear()
                msg = self._line(line)
                if msg is not None:
                    out.append(msg)

    def tick(self) -> None:
        """Log the bad lines counted in an interval that is over (the reader calls it each step)."""
        self.bad_lines.tick()
        self.gaps.tick()

    def flush(self) -> None:
        """Log every bad line counted and not yet logged (the port is closed)."""
        self.bad_lines.flush()
        self.gaps.flush()

    def _bad(self, kind: str, detail: str) -> None:
        self.counts[kind] += 1
        self.bad_lines.warning(kind, "reader hub: dropped a bad line (%s): %s", kind, detail)

    def _line(self, line: bytes) -> Message | None:
        if not line.strip(b"\r"):
            return None  # blank lines (e.g. a lone "\r") are harmless
        try:
            msg = decode_line(line)
        except ProtocolError as exc:
            if exc.kind == "bad_version":
                if self.version_error is None:
                    log.error("reader hub: %s; ignoring it until it sends a supported HELLO", exc.detail)
                self.version_error = exc.detail
                self.hello = None
            self._bad(exc.kind, f"{exc.detail} in {line!r}")  # at most MAX_LINE + 1 bytes
            return None
        self.counts["ok"] += 1
        self._check_seq(msg)
        if msg.type == "HELLO":
            self.hello = msg
            self.version_error = None
        elif self.hello is None:
            self.counts["ignored"] += 1
            log.debug("reader hub: %s before HELLO ignored", msg.type)
            return None
        return msg

    def _check_seq(self, msg: Message) -> None:
        # A gap means lines were lost (noise, a full buffer); the line itself is still good.
        # HELLO with seq 0 is a rebooted hub, not a gap.
        expected = self._expected_seq
        if expected is not None and msg.seq != expected and not (msg.type == "HELLO" and msg.seq == 0):
            lost = (msg.seq - expected) % SEQ_MODULO
            self.counts["seq_gap"] += 1
            self.counts["lost"] += lost
            self.gaps.warning("seq_gap", "reader hub: sequence gap, expected %d got %d (%d line(s) lost)",
                              expected, msg.seq, lost)
        self._expected_seq = (msg.seq + 1) % SEQ_MODULO
