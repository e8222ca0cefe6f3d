"""What travels on a line, and the checks every message passes before anything acts on it.

Topics, under ``clacks/line/<line id>/`` (code.line_id):

    offer          the host, retained: the game, which seats are whose, versions, the host's
                   keys; marked with the code (code.mark) and signed with the host's key
    join           the guest: the offer it answers, its seats' keys, its versions; marked
    welcome        the host, retained, signed: the join taken, or refused and why (a code
                   and its values: versions or an edition that differ, both named)
    act/<seat>     the guest, signed by the seat's key: its sequence number and the action,
                   sealed to the host's box key
    log            the host, signed: entry n of everything the referee decided, chained by
                   hash (an action applied, with who sent it and its sequence number, or a
                   guest's action refused with its code)
    view/<seat>    the host, signed: the seat's own view after entry n, sealed to the seat
    public         the host, retained, signed: the public view after entry n
    frame          the host, retained, signed: its lamps (frame_body, frame_of)
    need           the guest, signed by its place key: send the log again from entry n
    beat/<side>    either side, signed: still here (the other shows "line down since" without)

Every body is one JSON object written in one way (:func:`canonical`); a message whose fields
are missing or of the wrong kind is a LineError naming the field, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from ..base.errors import ClacksError
from ..drivers.frame import PIXELS, Frame
from ..mqtt.signing import KEY_TEXT, SigningKey, Unsigned, VerifyKey, open_envelope

VERSION = 1
SEATS = ("S", "W", "N", "E")


class LineError(ClacksError, ValueError):
    """A message that is not what the line expects: which field, and what was wrong."""


@dataclass(frozen=True)
class Outgoing:
    topic: str
    payload: bytes
    retain: bool = False


def prefix(line: str) -> str:
    return f"clacks/line/{line}/"


def canonical(body: dict) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(payload: bytes) -> str:
    return hashlib.sha256(payload).hexdigest()


def parse(payload: bytes, what: str) -> dict:
    """A plain (unsigned) message's body."""
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError):
        raise LineError(f"the {what} is not JSON") from None
    if not isinstance(body, dict) or body.get("v") != VERSION:
        raise LineError(f"the {what} is not a line message of version {VERSION} (v = {body.get('v') if isinstance(body, dict) else None!r})")
    return body


def signed(key: SigningKey, topic: str, body: dict) -> bytes:
    return key.seal(topic, canonical({"v": VERSION, **body}))


def opened(topic: str, payload: bytes, key: VerifyKey, what: str) -> dict:
    """The body of a message signed by ``key`` on ``topic``; LineError when it is not."""
    try:
        sig, msg = open_envelope(payload)
    except Unsigned:
        raise LineError(f"the {what} is not signed") from None
    if not key.verify(topic, sig, msg):
        raise LineError(f"the {what} is not signed by the key pinned when the line opened")
    return parse(msg, what)


def field(body: dict, name: str, kind, what: str):
    """``body[name]``, which must be of ``kind`` (a type, a tuple of them, or "key", "seat", "count")."""
    value = body.get(name)
    if kind == "key":
        ok = isinstance(value, str) and KEY_TEXT.fullmatch(value) is not None
        wanted = "a key (43 characters of base64url)"
    elif kind == "seat":
        ok, wanted = value in SEATS, "a seat (S, W, N or E)"
    elif kind == "count":
        ok, wanted = type(value) is int and value >= 0, "a whole number, 0 or more"
    elif kind == "hash":
        ok = isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
        wanted = "a SHA-256 in hex"
    else:
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        wanted = {str: "text", dict: "an object", list: "a list", bool: "true or false", int: "a whole number"}.get(kind, str(kind))
    if not ok:
        raise LineError(f"the {what}'s {name} must be {wanted}, not {json.dumps(value)[:60]}")
    return value


def seat_keys(body: dict, what: str) -> dict:
    """{seat: {"sign": key, "box": key}} of a join, checked."""
    seats = field(body, "seats", dict, what)
    if not seats:
        raise LineError(f"the {what} names no seat")
    for seat, keys in seats.items():
        field({"seat": seat}, "seat", "seat", what)
        if not isinstance(keys, dict):
            raise LineError(f"the {what}'s seat {seat} must give its keys as an object")
        field(keys, "sign", "key", f"{what}'s seat {seat}")
        field(keys, "box", "key", f"{what}'s seat {seat}")
    return seats


def versions_differ(ours: dict, theirs: dict) -> dict | None:
    """The first version both sides name differently, as {"what", "ours", "theirs"}, else None."""
    for what in sorted(set(ours) | set(theirs)):
        if ours.get(what) != theirs.get(what):
            return {"what": what, "ours": ours.get(what), "theirs": theirs.get(what)}
    return None


def entry_hash(prev: str, body: dict) -> str:
    """Entry n's hash: its predecessor's and its own body (without its hash), so a log that lost,
    doubled or changed an entry does not chain."""
    return digest(prev.encode("ascii") + b"\n" + canonical({k: v for k, v in body.items() if k != "hash"}))


GENESIS = "0" * 64  # the "previous hash" of entry 1


def frame_body(frame: Frame) -> dict:
    """A frame as the ``frame`` topic carries it: every pixel as six hex digits, in the frame's order."""
    return {"pixels": "".join(f"{r:02x}{g:02x}{b:02x}" for r, g, b in frame.pixels)}


def frame_of(pixels: str) -> Frame | None:
    """The host's lamps as a Frame (None when the frame is of another size of board)."""
    if len(pixels) != 6 * PIXELS:
        return None
    return Frame(tuple(tuple(int(pixels[i + k:i + k + 2], 16) for k in (0, 2, 4)) for i in range(0, len(pixels), 6)))
