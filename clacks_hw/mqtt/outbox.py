"""The board's outbox: every game finished since the board got its hall key, until the hall has it.

Built from the journals, the board's record of every game (an attract demo is never journalled,
so it is never a result): a journal in ``journal.dir`` that replays to a finished game is a
result, its id ``nNUMBER-CRC`` (the journal's number on this board and its header line's
checksum: the same however often it is read, different for every game). Results wait here until
the hall's signed receipt names them; the link sends what waits whenever the broker or the hall
comes back, and every half minute meanwhile. What was read, sent and settled is kept in the
folder ``journal.dir/hall-outbox`` (outbox_file.py: a line per game, appended and fsync'd), so
neither a restart of the board nor one of the broker loses or repeats a game: the hall stores
each id once.

Nothing waiting is dropped: a line the board cannot read is set aside by itself (kept, read again
at each start) and every other game still waits; a lost or damaged ``waiting.jsonl`` is rebuilt
from the journals still on disk (a game the hall had already is sent again and counted once).

Which games count: those whose journal number is at least ``since``, the number the board's next
game had when the outbox was made for this key (kept in ``show.json`` and in the log's first
line). A board given a new key (a new show) starts a new outbox: last show's games are not sent
to this one (its log is kept as ``last-show.jsonl``).
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from datetime import datetime
from pathlib import Path

from ..daemon import journal_names
from ..game.core.view import PUBLIC
from ..journal import JournalError
from ..journal.reading import Scan
from ..journal.replaying import play, start_state
from ..journal.splitting import LineReader
from ..views.position_json import position_json
from ..base.secure_files import SafeDir
from . import schema
from . import outbox_file as files
from .client import LinkSetupError
from .outbox_file import DIR, LOG, SET_ASIDE, SHOW

log = logging.getLogger(__name__)


def game_id(number: int, header_line: bytes) -> str:
    return f"n{number}-{zlib.crc32(header_line.strip()):08x}"


def result_of(path: Path, number: int, edition) -> schema.Result | None:
    """The result of a finished game's journal; None while it is in play (JournalError if it
    cannot be read)."""
    try:
        with open(path, "rb") as f:
            header_line = f.readline()
            f.seek(0)
            scan = Scan(LineReader(f.read))
            result = play(start_state(scan.journal, edition), scan)
            finished = os.fstat(f.fileno()).st_mtime  # the last line's write: the game's end
    except OSError as exc:
        raise JournalError(None, f"cannot read {path}: {exc.strerror or exc}") from None
    state = result.state
    if result.rejected or not state.over:
        return None
    header = scan.journal.header
    pos = position_json(state, result.applied, view=PUBLIC)
    started = None
    try:
        started = datetime.fromisoformat(header.get("created") or "").timestamp()
    except ValueError:
        pass
    words = {s: p["word"] for s, p in pos.get("players", {}).items() if p.get("word")}
    return schema.convert("result", {
        "game": game_id(number, header_line), "mode": state.config.mode, "seats": list(state.config.seats),
        "winner": state.winner, "actions": result.applied, "variants": sorted(state.config.variants),
        "hints": state.config.hints, "words": words, "names": header.get("names") or {}, "turns": pos.get("turn_number", pos.get("round")),
        "started": started if started is not None and started >= 0 else None,
        "seconds": round(min(max(finished - started, 0.0), 7 * 86_400), 1) if started is not None else None})



class Outbox:
    def __init__(self, folder, edition, key: str) -> None:
        """``folder``: journal.dir; ``key``: the board's public key (a new one starts a new outbox)."""
        self.folder = Path(folder)
        self.box = self.folder / DIR
        self.edition = edition
        self.key = key
        self.waiting: dict[str, schema.Result] = {}
        self.done: set[str] = set()
        self.known: dict[str, str] = {}  # journal name -> game id, once it is a result
        self.set_aside = 0  # lines in set-aside.jsonl
        self._lines = 0  # entries in waiting.jsonl after its show line
        self._unfinished: dict[str, tuple] = {}  # journal name -> (size, mtime) when last read in play
        self._bad: set[str] = set()
        self.since = 1
        self.behind = False  # journals left to read at the last scan
        self._load()

    # -- at start -----------------------------------------------------------------------------------
    def _open(self) -> SafeDir:
        try:
            return SafeDir.open(self.box, create=0o700)
        except (NotADirectoryError, FileExistsError, PermissionError) as exc:
            raise LinkSetupError(
                f"the hall outbox {self.box} cannot be used: {exc.strerror or exc}\n  fix: it must be a folder "
                f"the board's user owns; move whatever is there away (mv {self.box} {self.box}.old) and the board "
                "makes it again and rebuilds it from the journals") from None

    def _load(self) -> None:
        notes: list[str] = []  # said in one line at the end
        with self._open() as d:
            on_disk = files.read_show(d)
            logged, aside = files.read_file(d, LOG), files.read_file(d, SET_ASIDE)
            header = next((r[1:] for r in logged.records if r[0] == "show"), None)
            show = on_disk or header
            if show is not None and show[0] != self.key:  # a new show: the last one's games stay out
                for name in (LOG, SET_ASIDE):
                    _rename(d, name, f"last-show-{name}")
                show, logged, aside = None, files.Read(missing=True), files.Read(missing=True)
                notes.append(f"made for another key (a new show): the last show's log is last-show-{LOG}")
            records = [r for r in aside.records + logged.records if r[0] != "show"]
            old = files.read_old(self.folder) if show is None else None
            taken = old is not None and old.get("key") == self.key
            show, records, made = self._from_old(old, notes) if taken else (self._show(show, records, notes), records, [])
            self.since = show[1]
            for r in records:
                self._apply(r)
            self._lines = len(logged.records) - (header is not None)
            new_bad = self._set_aside(d, logged, aside, made, notes)
            if on_disk != show:
                d.write(SHOW, files.show_line(*show), 0o600)
            if logged.torn:
                notes.append("its last line was cut short (a crash while writing it); that game is read again")
            if logged.missing and not taken and self.since <= max(self._numbers(), default=0):
                notes.append(f"{logged.why or LOG + ' was missing'}: rebuilt from the journals from number "
                             f"{self.since} on")
            if logged.torn or logged.missing or new_bad or aside.records or header != show:
                self._compact(d)
        if taken:
            _unlink(self.folder, files.OLD)
        if notes:
            log.warning("hall outbox %s: %s; %d game(s) wait, games from number %d on count", self.box,
                        "; ".join(notes), len(self.waiting), self.since)

    def _show(self, show, records: list[tuple], notes: list[str]) -> tuple[str, int]:
        """(key, since): as kept; lost from both places, the first game the log names; with no log,
        a new show that counts from the next game on."""
        if show is not None:
            return show
        numbers = [n for r in records if r[0] == "game" and (n := journal_names.number(r[2] or ""))]
        if numbers:
            notes.append(f"its show line was lost: games from number {min(numbers)} on count")
            return self.key, min(numbers)
        return self.key, max(self._numbers(), default=0) + 1

    def _set_aside(self, d: SafeDir, logged: files.Read, aside: files.Read, made: list[bytes],
                   notes: list[str]) -> int:
        """Lines that cannot be read go to set-aside.jsonl, written before the log drops them (a
        crash in between sets them aside again); those there that read now are taken back."""
        new_bad = files.raw_lines(d, LOG, logged.bad) + made
        kept = files.raw_lines(d, SET_ASIDE, aside.bad) if new_bad or aside.records else []
        if new_bad or aside.records:
            if kept or new_bad:
                d.write(SET_ASIDE, b"".join(kept + new_bad), 0o600)
            else:
                _unlink_in(d, SET_ASIDE)
        self.set_aside = len(aside.bad) + len(new_bad)
        if new_bad:
            first = logged.bad[0].why if logged.bad else f"a result in {files.OLD} the schema refuses"
            notes.append(f"{len(new_bad)} entr{'y' if len(new_bad) == 1 else 'ies'} set aside in "
                         f"{self.box / SET_ASIDE} (the first: {first}); every other game still waits")
        if aside.records:
            n = len(aside.records)
            notes.append(f"{n} set-aside entr{'y' if n == 1 else 'ies'} read again and taken back")
        return len(new_bad)

    def _numbers(self) -> list[int]:
        return [n for p in journal_names.newest_first(self.folder) if (n := journal_names.number(p.name))]

    def _from_old(self, old: dict, notes: list[str]) -> tuple[tuple[str, int], list[tuple], list[bytes]]:
        """The outbox of before as records; each result the schema refuses, a line to set aside."""
        notes.append(f"taken over from {files.OLD}")
        try:
            known = {str(k): str(v) for k, v in dict(old.get("known") or {}).items()}
            waiting = dict(old.get("waiting") or {})
        except (TypeError, ValueError):
            known, waiting = {}, {}
        journal_of = {g: name for name, g in known.items()}
        records, bad = [("game", g, name, None) for name, g in known.items() if g not in waiting], []
        for g, r in waiting.items():
            line = json.dumps({"game": g, "journal": journal_of.get(g), "result": r}, separators=(",", ":")).encode()
            try:
                records.append(files.parse(line))
            except files.Unreadable:
                bad.append(line + b"\n")
        since = old.get("since")
        if type(since) is not int:  # the first game it knew of, else the next one
            since = min(filter(None, map(journal_names.number, known)), default=max(self._numbers(), default=0) + 1)
        return (self.key, since), records, bad

    def _apply(self, record: tuple) -> list[str]:
        return files.apply(record, self.waiting, self.done, self.known)

    def _compact(self, d: SafeDir) -> None:
        """The log written afresh from what the outbox holds (atomically: the old one or this)."""
        named = set(self.known.values())
        lines = [files.show_line(self.key, self.since)]
        lines += [files.entry_line(g, name, self.waiting.get(g)) for name, g in self.known.items()]
        lines += [files.entry_line(g, None, r) for g, r in self.waiting.items() if g not in named]
        d.write(LOG, "".join(lines), 0o600)
        self._lines = len(lines) - 1

    def _write(self, text: str, lines: int) -> None:
        with self._open() as d:
            self._lines += lines
            if self._lines > 2 * len(self.known) + 64:  # mostly settled lines: fold them
                self._compact(d)
                return
            try:
                files.append(d, LOG, text)
            except FileNotFoundError:  # removed under the board: everything it held is here
                self._compact(d)

    # -- the link's side --------------------------------------------------------------------------
    def scan(self, most: int = 100) -> list[schema.Result]:
        """Read the journals finished since the last scan, at most ``most`` of them (a rebuild of
        thousands goes in steps, the link's heartbeat beating between them; ``behind`` says more
        are left): the new results (saved, waiting)."""
        new, lines, refused = [], [], []
        self.behind = False
        for path in journal_names.newest_first(self.folder):
            n = journal_names.number(path.name)
            if (n is None or n < self.since or path.name in self.known or path.name in self._bad
                    or not journal_names.in_play(path)):
                continue
            if most <= 0:
                self.behind = True
                break
            most -= 1
            try:
                st = path.stat()
                if self._unfinished.get(path.name) == (st.st_size, st.st_mtime_ns):
                    continue
                result = result_of(path, n, self.edition)
            except (JournalError, OSError, schema.BadMessage) as exc:
                self._bad.add(path.name)
                refused.append(f"{path.name}: {exc}")
                continue
            if result is None:
                self._unfinished[path.name] = (st.st_size, st.st_mtime_ns)
                continue
            self._unfinished.pop(path.name, None)
            self.known[path.name] = result.game
            waits = result.game not in self.done
            lines.append(files.entry_line(result.game, path.name, result if waits else None))
            if waits:
                self.waiting[result.game] = result
                new.append(result)
        if lines:
            self._write("".join(lines), len(lines))
        if refused:  # once for all of them, each read once
            log.warning("hall outbox: %d journal(s) cannot be a result (the first: %s)", len(refused), refused[0])
        if len(new) > 3:
            log.info("hall outbox: %d games from their journals wait for the hall", len(new))
        else:
            for r in new:
                log.info("hall outbox: game %s (%s, winner %s) waits for the hall", r.game, r.mode,
                         r.winner or "nobody")
        return new

    def settle(self, games) -> int:
        """The hall's receipt names ``games``: those stop waiting (saved). How many did."""
        settled = self._apply(("settled", list(games)))
        if settled:
            self._write(files.settled_line(settled), 1)
            log.info("hall outbox: the hall has %s", ", ".join(settled) if len(settled) <= 3
                     else f"{len(settled)} more games ({len(self.waiting)} wait)")
        return len(settled)


def _rename(d: SafeDir, name: str, to: str) -> None:
    try:
        os.rename(name, to, src_dir_fd=d.fd, dst_dir_fd=d.fd)
    except FileNotFoundError:
        pass


def _unlink_in(d: SafeDir, name: str) -> None:
    try:
        os.unlink(name, dir_fd=d.fd)
    except FileNotFoundError:
        pass


def _unlink(folder: Path, name: str) -> None:
    with SafeDir.open(folder) as d:
        _unlink_in(d, name)
