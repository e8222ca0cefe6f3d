"""The outbox on disk: the folder ``hall-outbox`` in journal.dir, read one bounded line at a time.

- ``show.json``: the show the outbox counts for, ``{"v": 2, "key": the board's public key,
  "since": the first game number that counts}``; written once for each key.
- ``waiting.jsonl``: the same line first, then one line per game read from its journal,
  ``{"game", "journal", "result"}`` while it waits and ``{"game", "journal"}`` once the hall has
  it, and ``{"settled": [ids]}`` for each receipt. Lines are appended and fsync'd; the file is
  rewritten (atomically, :meth:`SafeDir.write`) only when settled games have made it twice as
  long as what it holds, or to drop a line that could not be read.
- ``set-aside.jsonl``: the lines the board cannot read (a result of a game whose plugin is not
  installed any more, a damaged line), each kept as it was, by itself; read again at each start
  and taken back as soon as it reads.

Nothing here writes: :class:`Outbox` (outbox.py) decides. A line holds at most :data:`LINE_MAX`
bytes, so a file of any size is read in bounded memory per line; a last line without its newline
is a write a crash cut short (what it said comes back from its journal or the next receipt).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Annotated

import msgspec

from ..base.errors import ClacksError
from ..base.secure_files import SafeDir
from . import schema

DIR = "hall-outbox"
SHOW, LOG, SET_ASIDE = "show.json", "waiting.jsonl", "set-aside.jsonl"
OLD = "hall-outbox.json"  # the outbox of before, one JSON object: read once, then removed
LINE_MAX = 64 << 10  # a result is at most 4 KiB; a receipt's 1024 ids, 16 KiB
OLD_MAX = 256 << 20


class Unreadable(ClacksError, ValueError):
    """A line of the outbox that says nothing the board can use; the text says why."""


@dataclass
class Line:
    """One line of a file: where it is, and what it says (or why it says nothing usable)."""

    offset: int
    size: int
    record: tuple | None = None  # ("show", key, since) | ("game", id, journal, Result | None) | ("settled", ids)
    why: str = ""


@dataclass
class Read:
    """What one file holds, in order; ``torn``: its last line had no newline (dropped)."""

    lines: list[Line] = field(default_factory=list)
    torn: bool = False
    missing: bool = False
    why: str = ""  # why a file that is there could not be read

    @property
    def bad(self) -> list[Line]:
        return [ln for ln in self.lines if ln.record is None]

    @property
    def records(self) -> list[tuple]:
        return [ln.record for ln in self.lines if ln.record is not None]


def _game(value) -> str:
    if not isinstance(value, str):
        raise Unreadable("a game id that is not text")
    try:
        schema.convert("receipt", {"games": [value]})
    except schema.BadMessage:
        raise Unreadable(f"{value[:40]!r} is not a game id (nNUMBER-CHECKSUM)") from None
    return value


class _Entry(msgspec.Struct, forbid_unknown_fields=True):
    game: schema.GameId
    journal: Annotated[str, msgspec.Meta(max_length=255, pattern=r"^[^/]+\Z")] | None = None
    result: schema.Result | msgspec.UnsetType = msgspec.UNSET


_ENTRY = msgspec.json.Decoder(_Entry)


def parse(raw: bytes) -> tuple:
    """The record in one line (without its newline); Unreadable saying why not."""
    if raw.startswith(b'{"game":'):  # a game, as entry_line writes it: checked in one pass
        try:
            e = _ENTRY.decode(raw)
            if e.result is msgspec.UNSET or e.result.game == e.game:
                return ("game", e.game, e.journal, None if e.result is msgspec.UNSET else e.result)
        except (msgspec.DecodeError, msgspec.ValidationError):
            pass  # read again below, to say what is wrong with it
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise Unreadable(f"not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise Unreadable("not a JSON object")
    if "v" in data:
        if data.get("v") != 2 or not isinstance(data.get("key"), str) or type(data.get("since")) is not int:
            raise Unreadable("a show line without v 2, its key and its first game number")
        return ("show", data["key"], data["since"])
    if "settled" in data:
        ids = data["settled"]
        if not isinstance(ids, list):
            raise Unreadable("settled is not a list")
        return ("settled", [_game(g) for g in ids])
    if set(data) - {"game", "journal", "result"} or "game" not in data:
        raise Unreadable(f"not an entry of the outbox (keys {sorted(data)[:6]})")
    game, journal = _game(data["game"]), data.get("journal")
    if journal is not None and (not isinstance(journal, str) or "/" in journal or len(journal) > 255):
        raise Unreadable("a journal name that is not a file's name")
    result = None
    if "result" in data:
        try:
            result = schema.convert("result", data["result"])
        except schema.BadMessage as exc:
            raise Unreadable(f"game {game}: the schema refuses its result ({exc})") from None
        if result.game != game:
            raise Unreadable(f"game {game}: its result says game {result.game}")
    return ("game", game, journal, result)


def read_file(d: SafeDir, name: str) -> Read:
    """Every line of ``name`` in the folder, parsed (never a link; a missing file is empty)."""
    out = Read()
    try:
        fd = d.open_file(name, os.O_RDONLY)
    except FileNotFoundError:
        out.missing = True
        return out
    except OSError as exc:  # a link (never followed), a folder: written afresh in its place
        out.missing, out.why = True, f"{name} could not be read ({exc.strerror or exc})"
        return out
    with os.fdopen(fd, "rb", buffering=1 << 16) as f:
        offset = 0
        while chunk := f.readline(LINE_MAX + 1):
            size, ends = len(chunk), chunk.endswith(b"\n")
            while not ends and size > LINE_MAX and (more := f.readline(LINE_MAX)):
                size, ends = size + len(more), more.endswith(b"\n")  # too long: read past, keep its place
            if size > LINE_MAX:
                out.lines.append(Line(offset, size, why=f"a line of {size} bytes (at most {LINE_MAX})"))
            elif not ends:
                out.torn = True
                break
            elif chunk.strip():
                try:
                    out.lines.append(Line(offset, size, parse(chunk)))
                except Unreadable as exc:
                    out.lines.append(Line(offset, size, why=str(exc)))
            offset += size
    return out


def raw_lines(d: SafeDir, name: str, lines: list[Line]) -> list[bytes]:
    """The bytes of ``lines`` of ``name``, each ending in a newline (to set them aside)."""
    if not lines:
        return []
    fd = d.open_file(name, os.O_RDONLY)
    try:
        out = []
        for ln in lines:
            data = os.pread(fd, ln.size, ln.offset)
            out.append(data if data.endswith(b"\n") else data + b"\n")
        return out
    finally:
        os.close(fd)


def apply(record: tuple, waiting: dict, done: set, known: dict) -> list[str]:
    """One record read into what the outbox holds; the games it settled."""
    if record[0] == "settled":
        settled = [g for g in record[1] if g in waiting]
        for g in settled:
            del waiting[g]
            done.add(g)
        return settled
    if record[0] == "game":
        _, game, journal, result = record
        if journal is not None:
            known[journal] = game
        if result is None:
            waiting.pop(game, None)
            done.add(game)
        elif game not in done:
            waiting[game] = result
    return []


@dataclass
class Summary:
    """What an outbox holds, read without changing anything (for ``clacks-hw doctor``)."""

    waiting: int
    unreadable: list[Line]  # set aside, or in the log since the board last read it
    back: int  # set-aside lines that read now: the board takes them back when it next starts


def summary(folder) -> Summary | None:
    """None when journal.dir has no outbox yet."""
    try:
        d = SafeDir.open(os.path.join(folder, DIR))
    except FileNotFoundError:
        return None
    with d:
        logged, aside = read_file(d, LOG), read_file(d, SET_ASIDE)
    waiting: dict = {}
    done: set = set()
    for record in logged.records:
        apply(record, waiting, done, {})
    return Summary(len(waiting), aside.bad + logged.bad, len(aside.records))


def read_show(d: SafeDir) -> tuple[str, int] | None:
    """(key, since) from show.json; None when it is missing or says nothing usable."""
    try:
        record = parse(d.read(SHOW, 4096).strip())
    except (OSError, Unreadable):
        return None
    return record[1:] if record[0] == "show" else None


def show_line(key: str, since: int) -> str:
    return json.dumps({"v": 2, "key": key, "since": since}) + "\n"


def entry_line(game: str, journal: str | None, result: schema.Result | None) -> str:
    data: dict = {"game": game, "journal": journal}
    if result is not None:
        data["result"] = schema.to_data(result)
    return json.dumps(data, separators=(",", ":")) + "\n"


def settled_line(games) -> str:
    return json.dumps({"settled": list(games)}) + "\n"


def append(d: SafeDir, name: str, text: str) -> None:
    """Add whole lines at the end of ``name`` (which must exist) and make them durable."""
    fd = d.open_file(name, os.O_WRONLY | os.O_APPEND)
    try:
        view = memoryview(text.encode())
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def read_old(folder) -> dict | None:
    """The outbox of before (one JSON object in journal.dir), or None when there is none or it
    cannot be read (it is then left where it is)."""
    try:
        with SafeDir.open(folder) as d:
            data = json.loads(d.read(OLD, OLD_MAX))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("v") == 1 else None
