"""Reading a journal: the header, then one record per line (an action; in format 3 also an
Express clock mark), damage judged by where it lies (a torn tail is dropped with a warning;
anything else is an error naming the line).

:class:`Scan` reads as a stream, one line in memory at a time, so the daemon resumes a game of
any length in bounded memory; ``parse_journal`` / ``read_journal`` collect the actions for the
tools that look at a whole game.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..game.core.config import GameConfig
from ..game.core.errors import MalformedAction
from ..game.core.registry import game_for
from .errors import JournalError
from .header import check_header, config_from_header
from .lines import CHAINED, CLOCKED, _Damaged, _decode, _is_json, _quote
from .splitting import MAX_LINE, Line, LineReader


@dataclass(frozen=True)
class Entry:
    line: int  # 1-based line number in the file
    action: object  # the game's action (its to_json() is the line)


@dataclass(frozen=True)
class ClockMark:
    """Format 3: how much of turn ``turn`` (``seat`` to act) the board's Express clock had
    used. Not an action: the engine never sees it; only a resumed game's clock reads it."""

    line: int
    seat: str
    turn: int
    used: float


@dataclass
class Journal:
    header: dict  # checked and with defaults filled in
    header_line: int
    entries: list[Entry] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    good_end: int = 0  # byte offset just past the intact part: where appending continues
    last_crc: str | None = None  # the crc of the last intact line: where the chain continues
    open_end: bool = False  # the intact part ends without its newline (a hand-written last line)

    @property
    def chained(self) -> bool:
        return self.header["format"] >= CHAINED

    @property
    def config(self) -> GameConfig:
        return config_from_header(self.header)


def _blank(line: Line) -> bool:
    return not line.overlong and not line.raw.strip()


def _whole(line: Line) -> bool:
    """Complete JSON: something a crash never leaves."""
    return not line.overlong and _is_json(line.raw)


def _value(line: Line, prev: str | None, chained: bool):
    if line.overlong:
        raise _Damaged(f"is longer than {MAX_LINE} bytes")
    return _decode(line.raw, prev, chained)


class Scan:
    """One journal read as a stream: the header is read (and checked) on creation; iterating
    gives each :class:`Entry` or :class:`ClockMark` as its line is read. Once iterated to the
    end, ``journal`` says where the intact part ends, its last crc and the warnings."""

    def __init__(self, lines: LineReader) -> None:
        self._reader = lines
        self._lines = iter(lines)
        self.journal = self._header()

    def _header(self) -> Journal:
        for line in self._lines:
            if _blank(line):
                continue
            try:
                obj = _value(line, None, False)
            except _Damaged as exc:
                raise JournalError(line.number, f"the header line {exc}: {_quote(line.raw)}") from None
            journal = Journal(header=check_header(obj, line.number), header_line=line.number)
            if journal.chained and "crc" not in obj:
                raise JournalError(line.number, "header: a chained journal (format 2 or later) chains every "
                                                "line's crc onto the one before, starting here, so the header "
                                                "needs its crc too (or write \"format\": 1 for a script "
                                                "without checksums)")
            journal.last_crc = obj.get("crc")
            return journal
        raise JournalError(1, "the file is empty: a journal starts with a header line "
                              '{"journal": "clacks-hw", ...} (see docs/journal.md)')

    def __iter__(self) -> Iterator[Entry | ClockMark]:
        j = self.journal
        for line in self._lines:
            if _blank(line):
                continue
            try:
                obj = _value(line, j.last_crc, j.chained)
            except _Damaged as exc:
                self._torn_tail(line, exc)
                return
            record = _record(obj, line, j.header)
            j.last_crc = obj.get("crc") if isinstance(obj, dict) else None
            yield record
        j.good_end, j.open_end = self._reader.size, not self._reader.ended

    def _torn_tail(self, first: Line, exc: _Damaged) -> None:
        """From the first damaged line on: a torn tail (a write cut short, with whatever bytes a
        crash leaves, newlines included) when no complete JSON line follows it; otherwise the
        file was altered, and replaying around the hole would give another game."""
        j = self.journal
        altered = JournalError(first.number, f"the line {exc}: {_quote(first.raw)}; only the end of a "
                                             "journal may be damaged (a write cut short), so this file "
                                             "was altered after it was written")
        # A crash cuts a line short; it never leaves complete JSON with a wrong checksum. Format 1
        # lines were forgiven that at the very end; chained ones are not: it is a line removed.
        if j.chained and _whole(first):
            raise altered
        debris = 0
        for line in self._lines:
            if _blank(line):
                continue
            if _whole(line):
                raise altered
            debris += 1
        more = f" and the {debris} line(s) of debris after it" if debris else ""
        j.warnings.append(f"line {first.number}: dropped the damaged last line{more}, which {exc} "
                          f"(a write cut short?): {_quote(first.raw)}")
        j.good_end, j.open_end = first.start, False


def _record(obj, line: Line, header: dict) -> Entry | ClockMark:
    if header["format"] >= CLOCKED and isinstance(obj, dict) and "clock" in obj:
        return _clock(obj, line)
    return Entry(line.number, _action(obj, line.number, line.raw, header))


CLOCK_KEYS = ("clock", "seat", "turn", "crc", "note")


def _clock(obj: dict, line: Line) -> ClockMark:
    def bad(what: str) -> JournalError:
        return JournalError(line.number, f"not a valid clock line: {what}; a clock line is "
                                         '{"clock": SECONDS, "seat": "S", "turn": N}')

    unknown = [k for k in obj if k not in CLOCK_KEYS]
    if unknown:
        raise bad(f"unknown key {unknown[0]!r}")
    used, seat, turn = obj["clock"], obj.get("seat"), obj.get("turn")
    if isinstance(used, bool) or not isinstance(used, (int, float)) or not math.isfinite(used) or used < 0:
        raise bad(f"clock {used!r} must be a number of seconds, 0 or more")
    if not isinstance(seat, str):
        raise bad(f"seat {seat!r} must be a seat like \"S\"")
    if type(turn) is not int or turn < 1:
        raise bad(f"turn {turn!r} must be a turn number, 1 or more")
    return ClockMark(line.number, seat, turn, float(used))


def _action(obj, n: int, raw: bytes, header: dict):
    if isinstance(obj, dict) and "journal" in obj:
        raise JournalError(n, f"a second header line: {_quote(raw)}")
    if isinstance(obj, dict):
        obj = {k: v for k, v in obj.items() if k not in ("crc", "note")}
    try:
        return game_for(header["mode"]).parse_action(obj)  # check_header made sure the game exists
    except MalformedAction as exc:
        raise JournalError(n, f"not a valid action: {exc}") from None
    except TypeError:
        # parse_action looks a tower up in a dict; a list or object there is not hashable.
        raise JournalError(n, f"not a valid action: {_quote(raw)} has a value of the wrong type "
                              "(tower must be a name like \"R2\")") from None


def collect(scan: Scan) -> Journal:
    """Read the rest of ``scan``, keeping its actions (clock marks matter to a resumed game only)."""
    scan.journal.entries = [r for r in scan if isinstance(r, Entry)]
    return scan.journal


def parse_journal(data: bytes) -> Journal:
    """Check a journal's bytes line by line (what is fatal: the package docstring)."""
    return collect(Scan(LineReader(io.BytesIO(data).read)))


def read_journal(path) -> Journal:
    try:
        with open(path, "rb") as f:
            return collect(Scan(LineReader(f.read)))
    except OSError as exc:
        raise JournalError(None, f"cannot read {path}: {exc.strerror or exc}") from None
