"""One journal line: its JSON, its checksum (chained onto the line before from format 2 on),
and reading it back with the checksum checked."""

from __future__ import annotations

import json
import re
import zlib

MAGIC = "clacks-hw"
FORMAT = 2  # what this program writes (CLOCKED for an Express game)
CHAINED = 2  # from this format on, each line's crc covers the previous line's
CLOCKED = 3  # format 2 plus clock lines: how much of an Express turn was used
FORMATS = (1, 2, 3)  # what it reads
QUOTE = 80  # characters of a bad line quoted in a message


def canonical(obj: dict) -> bytes:
    """The bytes the checksum covers: sorted keys, no spaces, ASCII escapes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=False).encode("utf-8")


def line_crc(obj: dict, prev: str | None = None) -> str:
    """The ``crc`` value for a line, 8 hex digits: crc32 of its canonical JSON without ``crc``;
    chained (format 2) lines put the previous line's crc (8 ASCII hex digits) in front."""
    body = {k: v for k, v in obj.items() if k != "crc"}
    head = prev.encode("ascii") if prev is not None else b""
    return f"{zlib.crc32(head + canonical(body)):08x}"


def encode_line(obj: dict, prev: str | None = None) -> bytes:
    """One journal line, newline included, with its checksum as the last key (chained onto
    ``prev``, the previous line's crc, when given)."""
    body = {k: v for k, v in obj.items() if k != "crc"}
    body["crc"] = line_crc(body, prev)
    return _dumps_line(body)


def encode_lines(header: dict, *actions: dict) -> bytes:
    """A whole journal's bytes: the header, then the actions, each crc chained onto the one
    before when the header's format chains them."""
    out, prev = [encode_line(header)], None
    chained = header.get("format", 1) >= CHAINED
    for obj in actions:
        prev = json.loads(out[-1])["crc"] if chained else None
        out.append(encode_line(obj, prev))
    return b"".join(out)


def _dumps_line(body: dict) -> bytes:
    return json.dumps(body, separators=(",", ":"), allow_nan=False).encode("utf-8") + b"\n"


# A message quoting a line may reach a log or the board's notice: a header's seed (every hidden
# hand) is blanked out of it.
SEED = re.compile(r'("seed"\s*:\s*)-?\d+')


def _quote(raw: bytes) -> str:
    text = SEED.sub(r"\1…", raw.decode("utf-8", errors="replace").strip())
    return repr(text if len(text) <= QUOTE else text[:QUOTE] + "...")


def _no_constants(name: str):
    # Python's json accepts NaN/Infinity, which are not JSON and would not round-trip.
    raise ValueError(f"{name} is not a JSON number")


class _Damaged(Exception):
    """A line whose bytes are damaged (torn write, bad JSON, wrong checksum)."""


def _parse(raw: bytes):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Damaged("is not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep nesting
        raise _Damaged(f"is not valid JSON ({exc})") from None


def _decode(raw: bytes, prev: str | None, chained: bool) -> dict | list | str | int | float | bool | None:
    """A line's value, its checksum checked: on its own (format 1, where it is optional), or
    chained onto ``prev``, the previous line's crc (formats 2 and 3, where every line has one)."""
    obj = _parse(raw)
    if chained and not (isinstance(obj, dict) and "crc" in obj):
        raise _Damaged("has no crc (every line of a format 2 or 3 journal carries one)")
    if isinstance(obj, dict) and "crc" in obj:
        crc = obj["crc"]
        want = line_crc(obj, prev if chained else None)
        if crc != want:
            raise _Damaged(f"fails its checksum (crc {crc!r}, the content gives {want!r}"
                           + (": a line before it removed, moved or changed?" if chained else "") + ")")
    return obj


def _is_json(raw: bytes) -> bool:
    try:
        _parse(raw)
    except _Damaged:
        return False
    return True
