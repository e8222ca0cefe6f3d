"""The board's outbox: every game finished since the board got its hall key, until the hall has it.

Built from the journals, the board's record of every game (an attract demo is never journalled,
so it is never a result): a journal in ``journal.dir`` that replays to a finished game is a
result, its id ``nNUMBER-CRC`` (the journal's number on this board and its header line's
checksum: the same however often it is read, different for every game). Results wait here until
the hall's signed receipt names them; the link sends what waits whenever the broker or the hall
comes back, and every half minute meanwhile. What was sent and settled is kept in
``hall-outbox.json`` beside the journals (written atomically, 0600), so neither a restart of the
board nor one of the broker loses or repeats a game: the hall stores each id once.

Which games count: those whose journal number is at least ``since``, the number the board's next
game had when the outbox was made for this key. A board given a new key (a new show) starts a
new outbox: last show's games are not sent to this one.
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

log = logging.getLogger(__name__)
FILE = "hall-outbox.json"
MAX_FILE = 4 << 20


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
        self.edition = edition
        self.key = key
        self.waiting: dict[str, schema.Result] = {}
        self.done: set[str] = set()
        self.known: dict[str, str] = {}  # journal name -> game id, once it is a result
        self._unfinished: dict[str, tuple] = {}  # journal name -> (size, mtime) when last read in play
        self._bad: set[str] = set()
        self.since = 1
        self._load()

    def _load(self) -> None:
        try:
            with SafeDir.open(self.folder) as d:
                data = json.loads(d.read(FILE, MAX_FILE))
            if data.get("v") != 1 or data.get("key") != self.key:
                raise ValueError("made for another key")
            self.since = int(data["since"])
            self.known = {str(k): str(v) for k, v in data["known"].items()}
            self.done = set(map(str, data["done"]))
            self.waiting = {g: schema.convert("result", r) for g, r in data["waiting"].items()}
            return
        except FileNotFoundError:
            why = None
        except (OSError, ValueError, KeyError, TypeError, AttributeError, schema.BadMessage) as exc:
            why = str(exc)
        numbers = [n for p in journal_names.newest_first(self.folder) if (n := journal_names.number(p.name))]
        self.since = max(numbers, default=0) + 1
        self.waiting, self.done, self.known = {}, set(), {}
        if why is not None:
            log.warning("hall outbox %s: started afresh (%s); games from number %d on count",
                        self.folder / FILE, why, self.since)
        self._save()

    def _save(self) -> None:
        data = {"v": 1, "key": self.key, "since": self.since, "known": self.known, "done": sorted(self.done),
                "waiting": {g: schema.to_data(r) for g, r in self.waiting.items()}}
        with SafeDir.open(self.folder, create=0o700) as d:
            d.write(FILE, json.dumps(data, indent=1, sort_keys=True) + "\n", 0o600)

    def scan(self) -> list[schema.Result]:
        """Read the journals finished since the last scan: the new results (saved, waiting)."""
        new = []
        for path in journal_names.newest_first(self.folder):
            n = journal_names.number(path.name)
            if (n is None or n < self.since or path.name in self.known or path.name in self._bad
                    or not journal_names.in_play(path)):
                continue
            try:
                st = path.stat()
                if self._unfinished.get(path.name) == (st.st_size, st.st_mtime_ns):
                    continue
                result = result_of(path, n, self.edition)
            except (JournalError, OSError, schema.BadMessage) as exc:
                self._bad.add(path.name)
                log.warning("hall outbox: %s cannot be a result: %s", path.name, exc)
                continue
            if result is None:
                self._unfinished[path.name] = (st.st_size, st.st_mtime_ns)
                continue
            self._unfinished.pop(path.name, None)
            self.known[path.name] = result.game
            if result.game not in self.done:
                self.waiting[result.game] = result
                new.append(result)
        if new:
            self._save()
            for r in new:
                log.info("hall outbox: game %s (%s, winner %s) waits for the hall", r.game, r.mode,
                         r.winner or "nobody")
        return new

    def settle(self, games) -> int:
        """The hall's receipt names ``games``: those stop waiting (saved). How many did."""
        settled = [g for g in games if g in self.waiting]
        for g in settled:
            del self.waiting[g]
            self.done.add(g)
        if settled:
            self._save()
            log.info("hall outbox: the hall has %s", ", ".join(settled))
        return len(settled)
