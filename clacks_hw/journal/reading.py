"""Reading a journal's bytes: the header, then one action per line, damage judged by where it
lies (a torn tail is dropped with a warning; anything else is an error naming the line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..game.actions import Action, MalformedAction, parse_action
from ..game.registry import game_for
from ..game.state import GameConfig
from .errors import JournalError
from .header import check_header, config_from_header
from .lines import CHAINED, _Damaged, _decode, _is_json, _quote


@dataclass(frozen=True)
class Entry:
    line: int  # 1-based line number in the file
    action: Action


@dataclass
class Journal:
    header: dict  # checked and with defaults filled in
    header_line: int
    entries: list[Entry] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    good_end: int = 0  # byte offset just past the intact part: where appending continues
    last_crc: str | None = None  # the crc of the last intact line: where the chain continues

    @property
    def chained(self) -> bool:
        return self.header["format"] >= CHAINED

    @property
    def config(self) -> GameConfig:
        return config_from_header(self.header)


def _segments(data: bytes):
    """(line number, start offset, raw bytes) for each line; the last may lack its newline."""
    pos, n = 0, 1
    while pos < len(data):
        nl = data.find(b"\n", pos)
        end = len(data) if nl < 0 else nl
        yield n, pos, data[pos:end]
        pos, n = end + 1, n + 1


def parse_journal(data: bytes) -> Journal:
    """Check a journal's bytes line by line (what is fatal: the package docstring)."""
    lines = [(n, start, raw) for n, start, raw in _segments(data) if raw.strip()]
    if not lines:
        raise JournalError(1, "the file is empty: a journal starts with a header line "
                              '{"journal": "clacks-hw", ...} (see docs/journal.md)')
    journal: Journal | None = None
    for k, (n, start, raw) in enumerate(lines):
        try:
            obj = _decode(raw, journal and journal.last_crc, journal is not None and journal.chained)
        except _Damaged as exc:
            if journal is None:
                raise JournalError(n, f"the header line {exc}: {_quote(raw)}") from None
            _torn_tail(journal, lines[k:], exc)
            break
        if journal is None:
            journal = Journal(header=check_header(obj, n), header_line=n, good_end=len(data))
            if journal.chained and "crc" not in obj:
                raise JournalError(n, "header: a format 2 journal chains every line's crc onto "
                                      "the one before, starting here, so the header needs its crc too "
                                      "(or write \"format\": 1 for a script without checksums)")
        else:
            journal.entries.append(Entry(n, _action(obj, n, raw, journal.header)))
        journal.last_crc = obj.get("crc") if isinstance(obj, dict) else None
    return journal


def _torn_tail(journal: Journal, tail, exc: _Damaged) -> None:
    """From the first damaged line on: a torn tail (a write cut short, with whatever bytes a
    crash leaves, newlines included) when no complete JSON line follows it; otherwise the file
    was altered, and replaying around the hole would give another game."""
    n, start, raw = tail[0]
    # A crash cuts a line short; it never leaves complete JSON with a wrong checksum. Format 1
    # lines were forgiven that at the very end; chained ones are not: it is a line removed.
    if any(_is_json(r) for _, _, r in tail[1 if not journal.chained else 0:]):
        raise JournalError(n, f"the line {exc}: {_quote(raw)}; only the end of a journal may be "
                              "damaged (a write cut short), so this file was altered after it "
                              "was written")
    more = f" and the {len(tail) - 1} line(s) of debris after it" if len(tail) > 1 else ""
    journal.warnings.append(f"line {n}: dropped the damaged last line{more}, which {exc} "
                            f"(a write cut short?): {_quote(raw)}")
    journal.good_end = start


def _action(obj, n: int, raw: bytes, header: dict) -> Action:
    if isinstance(obj, dict) and "journal" in obj:
        raise JournalError(n, f"a second header line: {_quote(raw)}")
    if isinstance(obj, dict):
        obj = {k: v for k, v in obj.items() if k not in ("crc", "note")}
    try:
        game = game_for(header["mode"])
    except KeyError:
        game = None  # an unknown game: reading the header's set-up says so, with the line
    try:
        return parse_action(obj) if game is None else game.parse_action(obj)
    except MalformedAction as exc:
        raise JournalError(n, f"not a valid action: {exc}") from None
    except TypeError:
        # parse_action looks a tower up in a dict; a list or object there is not hashable.
        raise JournalError(n, f"not a valid action: {_quote(raw)} has a value of the wrong type "
                              "(tower must be a name like \"R2\")") from None


def read_journal(path) -> Journal:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise JournalError(None, f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_journal(data)
