"""Journals: a game kept as a JSON Lines file, one header line then one line per action.

The journal is the game's record and the board's crash insurance: the daemon appends each
accepted action (flushed and fsync'd) *before* it shows the new frame, so after a power cut or
kill -9 ``load_game`` replays the file through the engine and lands in the very same state.

Every line carries ``crc``: ``zlib.crc32`` of the line's canonical JSON without the ``crc``
key (``json.dumps(obj, sort_keys=True, separators=(",", ":"))``, UTF-8), as 8 lower-case hex
digits; in format 2 (what the writer writes) the previous line's crc is put in front, so a line
removed or moved breaks the chain. Format 1 (older journals, hand-written scripts) checks each
line on its own and lets scripts leave it out. Damage is judged by position: a torn tail (from
the first damaged line to the end, none of it complete JSON) is what a crash mid-write leaves,
so it is dropped with a warning (and cut off before the next append); anything else means the
file was altered, and reading stops with an error naming the line. Format: docs/journal.md.
"""

from __future__ import annotations

import difflib
import json
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

from .clock import SystemClock
from .errors import ClacksError
from .game.actions import Action, MalformedAction, parse_action
from .game.edition import Edition
from .game.registry import game_for
from .game.rejection import Rejection
from .game.rules import apply
from .game.setup import SetupError, new_game
from .game.state import GameConfig, GameState
from .game.version import RULES_VERSION
from .journal_file import AppendFile, WriteFailed

MAGIC = "clacks-hw"
FORMAT = 2  # what this program writes
CHAINED = 2  # from this format on, each line's crc covers the previous line's
FORMATS = (1, 2)  # what it reads
# Keys a header may carry; the ones in DEFAULTS may be left out of a hand-written script.
HEADER_REQUIRED = ("journal", "format", "seats", "words")
HEADER_DEFAULTS = {"mode": "competitive", "hands": "tracked", "seed": 0, "variants": []}
# route/first: set-up choices of the co-operative and junior games (GameConfig.route, .first).
# rounds: how many won rounds end a KLACKERS game (GameConfig.rounds).
HEADER_OPTIONAL = ("route", "first", "express_seconds", "rounds", "edition", "edition_name", "rules", "config", "created", "note", "crc")
HEADER_KEYS = HEADER_REQUIRED + tuple(HEADER_DEFAULTS) + HEADER_OPTIONAL
QUOTE = 80  # characters of a bad line quoted in a message


class JournalError(ClacksError, ValueError):
    """A journal that cannot be used; ``line`` is the 1-based line number (None: the file)."""

    def __init__(self, line: int | None, message: str):
        self.line = line
        self.message = message
        super().__init__(message if line is None else f"line {line}: {message}")


class EditionMismatch(JournalError):
    """The journal was recorded with another edition than the one given."""

    def __init__(self, line: int, recorded: str, recorded_name: str | None, edition: Edition):
        self.recorded, self.recorded_name = recorded, recorded_name
        was = f"edition {recorded_name!r} (fingerprint {recorded})" if recorded_name else f"edition fingerprint {recorded}"
        super().__init__(line, f"recorded with {was}, but this is edition {edition.name!r} "
                               f"(fingerprint {edition.fingerprint})")


class JournalRejected(JournalError):
    """An action in the journal that the engine refuses."""

    def __init__(self, line: int, rejection: Rejection):
        self.rejection = rejection
        super().__init__(line, f"{rejection.code}: {rejection.message}")


# --- lines and checksums --------------------------------------------------------------------

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


def _quote(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace").strip()
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
    chained onto ``prev``, the previous line's crc (format 2, where every line has one)."""
    obj = _parse(raw)
    if chained and not (isinstance(obj, dict) and "crc" in obj):
        raise _Damaged("has no crc (every line of a format 2 journal carries one)")
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


# --- reading --------------------------------------------------------------------------------

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
    """Check a journal's bytes line by line (see the module docstring for what is fatal)."""
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


# --- the header -----------------------------------------------------------------------------

def _suggest(key: str) -> str:
    close = difflib.get_close_matches(key, HEADER_KEYS, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _is_int(v) -> bool:
    return type(v) is int  # not bool, not float


def _str_list(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def check_header(obj, line: int = 1) -> dict:
    """Check the header's keys and types; return it with the defaults filled in.

    Whether the game itself can be set up (seats, words) is for ``new_game`` to say.
    """
    def bad(msg):
        return JournalError(line, f"header: {msg}")

    if not isinstance(obj, dict) or obj.get("journal") != MAGIC:
        raise JournalError(line, 'the first line must be the header, a JSON object starting '
                                 f'{{"journal": "{MAGIC}", "format": {FORMAT}, ...}}; got '
                                 f"{_quote(json.dumps(obj).encode())}")
    for key in obj:
        if key not in HEADER_KEYS:
            raise bad(f"unknown key {key!r}{_suggest(key)}; a header has {', '.join(HEADER_KEYS)}")
    for key in HEADER_REQUIRED:
        if key not in obj:
            raise bad(f"the key {key!r} is missing")
    h = {**HEADER_DEFAULTS, **obj}
    h.pop("crc", None)
    if not _is_int(h["format"]) or h["format"] < 1:
        raise bad(f"format {h['format']!r} must be a whole number ({FORMAT} for this program)")
    if h["format"] not in FORMATS:
        raise bad(f"format {h['format']} was written by another version of clacks-hw; "
                  f"this one reads formats {' and '.join(map(str, FORMATS))}")
    if "rules" in h and (not _is_int(h["rules"]) or h["rules"] != RULES_VERSION):
        raise bad(f"rules version {h['rules']!r} differs from this engine's rules version "
                  f"{RULES_VERSION}; the game would not replay the same")
    for key in ("mode", "hands", "route", "edition", "edition_name", "config", "created", "note"):
        if key in h and not isinstance(h[key], str):
            raise bad(f"{key} {h[key]!r} must be a string")
    if h.get("first") is not None and not isinstance(h["first"], str):
        raise bad(f"first {h['first']!r} must be a seat or null")
    if "rounds" in h and (not _is_int(h["rounds"]) or h["rounds"] < 1):
        raise bad(f"rounds {h['rounds']!r} must be a whole number, 1 or more")
    es = h.get("express_seconds")
    if es is not None and (isinstance(es, bool) or not isinstance(es, (int, float)) or not 10 <= es <= 600):
        raise bad(f"express_seconds {es!r} must be a number of seconds from 10 to 600")
    if not _is_int(h["seed"]):
        raise bad(f"seed {h['seed']!r} must be a whole number")
    if not _str_list(h["seats"]) or not h["seats"]:
        raise bad(f"seats {h['seats']!r} must be a list of seats like [\"S\", \"N\"]")
    if not _str_list(h["variants"]):
        raise bad(f"variants {h['variants']!r} must be a list like [\"express\"]")
    words = h["words"]
    if not isinstance(words, dict):
        raise bad(f"words {words!r} must map each seat to its word(s), like {{\"S\": [\"AHMED\"]}}")
    norm = {}
    for seat, w in words.items():
        if isinstance(w, str):  # a convenience for scripts: "AHMED" or "AHMED ADORA"
            w = w.split()
        if not _str_list(w):
            raise bad(f"words for seat {seat} {words[seat]!r} must be a list of words")
        norm[seat] = w
    h["words"] = norm
    return h


def make_header(edition: Edition, config: GameConfig, *, config_hash: str | None = None,
                created: str | None = None) -> dict:
    """The header line for a new game (``created`` defaults to now, UTC, read through the clock seam)."""
    h = {
        "journal": MAGIC, "format": FORMAT, "rules": RULES_VERSION,
        "mode": config.mode, "seats": list(config.seats),
        "words": {k: list(v) for k, v in config.words.items()},  # co-op: one "team" entry
        "hands": config.hands, "seed": config.seed, "variants": sorted(config.variants),
        "edition": edition.fingerprint, "edition_name": edition.name,
    }
    # Only when they matter, so competitive headers stay as documented.
    if config.game.routes and getattr(config, "route", None) is not None:
        h["route"] = config.route
    if getattr(config, "first", None) is not None:
        h["first"] = config.first
    if "express" in config.variants:
        h["express_seconds"] = config.express_seconds
    if config.game.dice:
        h["rounds"] = config.rounds
    if config_hash is not None:
        h["config"] = config_hash
    h["created"] = created if created is not None else SystemClock().wall().isoformat(timespec="seconds")
    return h


def config_from_header(header: dict) -> GameConfig:
    extra = {k: header[k] for k in ("route", "first", "express_seconds", "rounds") if header.get(k) is not None}
    return GameConfig(
        seats=tuple(header["seats"]), words={s: tuple(w) for s, w in header["words"].items()},
        seed=header["seed"], hands=header["hands"], mode=header["mode"],
        variants=frozenset(header["variants"]), **extra,
    )


# --- replaying ------------------------------------------------------------------------------

def start_state(journal: Journal, edition: Edition, *, check_edition: bool = True) -> GameState:
    """The game the header sets up, before any action."""
    recorded = journal.header.get("edition")
    if check_edition and recorded is not None and recorded != edition.fingerprint:
        raise EditionMismatch(journal.header_line, recorded, journal.header.get("edition_name"), edition)
    try:
        return new_game(edition, journal.config)
    except SetupError as exc:
        raise JournalError(journal.header_line, f"header: the game cannot be set up: {exc}") from None


@dataclass(frozen=True)
class Replay:
    state: GameState  # after the last accepted action
    applied: int  # actions accepted
    rejected: tuple[int, Rejection] | None = None  # (line, rejection) of the first refused one


def replay(journal: Journal, edition: Edition, *, check_edition: bool = True) -> Replay:
    """Play the journal's actions through the engine, stopping at the first refused one."""
    state = start_state(journal, edition, check_edition=check_edition)
    for i, entry in enumerate(journal.entries):
        result = apply(state, entry.action)
        if isinstance(result, Rejection):
            return Replay(state, i, (entry.line, result))
        state = result
    return Replay(state, len(journal.entries))


def load_game(path, edition: Edition, *, check_edition: bool = True) -> tuple[GameState, int, list[str]]:
    """Resume a game: (state after every action, number of actions, warnings).

    Raises JournalError (EditionMismatch, JournalRejected) if the journal cannot be trusted.
    """
    journal = read_journal(path)
    result = replay(journal, edition, check_edition=check_edition)
    if result.rejected:
        raise JournalRejected(*result.rejected)
    return result.state, result.applied, journal.warnings


def resume_game(path, edition: Edition, *, check_edition: bool = True):
    """Reopen a journal to go on with its game: (writer, state, number of actions, warnings).

    The writer is opened first, so a torn last line is cut off before the game continues.
    """
    writer = JournalWriter.open(path)
    try:
        result = replay(writer.journal, edition, check_edition=check_edition)
        if result.rejected:
            raise JournalRejected(*result.rejected)
    except BaseException:
        writer.close()
        raise
    return writer, result.state, result.applied, writer.warnings


# --- writing --------------------------------------------------------------------------------

class JournalWriteError(JournalError):
    """An append that could not be made durable; the file is as it was before it (``restored``).
    ``no_room``: the disk (or a quota, or a file-size limit) is full."""

    def __init__(self, path: Path, exc: WriteFailed):
        self.errno, self.no_room, self.restored = exc.errno, exc.no_room, exc.restored
        what = "the disk is full" if exc.no_room else f"cannot write: {exc.strerror}"
        super().__init__(None, f"{path}: {what}; the action was not recorded")


def _fsync_dir(path: Path) -> None:
    # A new file survives a crash only once its directory entry is on disk too.
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows cannot open directories
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def mark_abandoned(path: Path) -> Path:
    """Rename a journal to ``NAME.abandoned`` so it is never resumed, durably: a power cut right
    after must not bring the abandoned game back."""
    target = path.with_name(path.name + ".abandoned")
    path.rename(target)
    _fsync_dir(target)
    return target


class JournalWriter:
    """Appends lines to one journal; each ``append`` is on disk (fsync'd) when it returns, or
    raises JournalWriteError with the file left as it was (journal_file.py)."""

    def __init__(self, path: Path, file: AppendFile, journal: Journal | None):
        self.path, self._file, self.journal = path, file, journal

    @classmethod
    def create(cls, path, header: dict) -> JournalWriter:
        """Start a new journal with ``header`` (see ``make_header``); never overwrites a file.
        If the header cannot be written, no file is left behind."""
        path = Path(path)
        checked = check_header(header)
        try:
            file = AppendFile.create(path)
        except FileExistsError:
            raise JournalError(None, f"{path} already exists; a journal is never overwritten "
                                     "(resume it, or choose another file)") from None
        except BlockingIOError:
            raise JournalError(None, f"{path} is open for writing by another process") from None
        except OSError as exc:
            raise JournalError(None, f"cannot create {path}: {exc.strerror or exc}") from None
        writer = cls(path, file, Journal(header=checked, header_line=1))
        try:
            writer._write_line(header)
            _fsync_dir(path)
        except (JournalError, OSError):
            file.close()
            path.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def open(cls, path) -> JournalWriter:
        """Reopen a journal to append; a damaged last line is cut off first (see ``warnings``)."""
        path = Path(path)
        try:
            file, data = AppendFile.open(path)
        except BlockingIOError:
            raise JournalError(None, f"{path} is open for writing by another process") from None
        except OSError as exc:
            raise JournalError(None, f"cannot open {path}: {exc.strerror or exc}") from None
        try:
            writer = cls(path, file, parse_journal(data))
            end = writer.journal.good_end
            if end < len(data):
                # Otherwise the next line would be glued onto the torn bytes and both be lost.
                file.cut(end)
            if end and not data[:end].endswith(b"\n"):
                writer._write(b"\n")  # a hand-written last line without its newline
        except BaseException:
            file.close()
            raise
        return writer

    @property
    def warnings(self) -> list[str]:
        return self.journal.warnings

    def _write_line(self, obj: dict) -> None:
        j = self.journal
        body = {k: v for k, v in obj.items() if k != "crc"}
        body["crc"] = line_crc(body, j.last_crc if j.chained else None)  # None: the header
        self._write(_dumps_line(body))
        j.last_crc = body["crc"]

    def _write(self, data: bytes) -> None:
        try:
            self._file.append(data)
        except WriteFailed as exc:
            raise JournalWriteError(self.path, exc) from None

    def append(self, action: Action | dict) -> None:
        """Write one action line (an Action or its JSON object) and fsync it."""
        obj = action.to_json() if hasattr(action, "to_json") else dict(action)  # any game's action
        self._write_line(obj)

    def has_room(self) -> bool:
        """Whether an action line could be appended now (tried, then undone)."""
        return self._file.has_room()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
