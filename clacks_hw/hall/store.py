"""The hall's results in SQLite, so the leaderboard survives a restart of `clacks-hw hall`.

One row per finished game, keyed by its board and the game's id (the board's journal number and
its header's checksum: stable however often the board sends it), holding the result exactly as
the schema decoded it (mqtt/schema.Result) plus the columns the leaderboard sorts by. The same
game arriving twice is stored once. The table is STRICT with CHECKs, so even a bug could not put
an infinite time or a non-JSON result in it.

A hall started on a database from an older version, or one holding rows the schema now refuses
(an infinite time, a made-up game, a name with markup), moves each bad row to
``results_refused`` with the reason, keeps every good one, and logs what it did; nothing is
deleted.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
import zlib
from pathlib import Path

from ..mqtt.schema import BadMessage, Result, convert, decode, encode
from ..mqtt.topics import BOARD_ID
from ..base.secure_files import SafeDir
from .corrections import Corrections

log = logging.getLogger(__name__)
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    board TEXT NOT NULL CHECK (length(board) BETWEEN 1 AND 64),
    game TEXT NOT NULL CHECK (length(game) BETWEEN 1 AND 24),
    mode TEXT NOT NULL,
    winner TEXT,
    seconds REAL CHECK (seconds IS NULL OR seconds BETWEEN 0 AND 604800),
    received REAL NOT NULL CHECK (received BETWEEN 0 AND 1e10),
    result TEXT NOT NULL CHECK (json_valid(result)),
    PRIMARY KEY (board, game)
) STRICT;
CREATE INDEX IF NOT EXISTS results_newest ON results (board, received, game);
CREATE TABLE IF NOT EXISTS results_refused (
    board TEXT, row TEXT NOT NULL, reason TEXT NOT NULL, moved REAL NOT NULL
) STRICT;
"""
LOST = ("post_office",)  # a game the Post Office won is nobody's win


def _database_file(path) -> str:
    """The database's path, its folder checked and the file made here if new, never a link:
    SQLite follows links, and the hall may be run as root (secure_files.py). Its -wal and -shm
    files go in the same folder, where no one else can plant anything."""
    if str(path) == ":memory:":
        return ":memory:"
    path = Path(path)
    with SafeDir.open(path.parent) as folder:
        try:
            try:
                os.close(folder.create(path.name, 0o644))
            except FileExistsError:
                os.close(folder.open_file(path.name, os.O_RDONLY))  # ELOOP for a link
        except OSError as exc:
            raise sqlite3.OperationalError(f"cannot open {path}: {exc.strerror or exc} (a link, or not a "
                                           "regular file?)") from None
    return str(path)


def _legacy(row: tuple) -> tuple[str, Result]:
    """A row of the first hall's table (board, mode, variants, winner, word, turns, seconds, at) as a
    result, its id made from when it was stored; BadMessage when the schema refuses any of it."""
    board, mode, variants, winner, word, turns, seconds, at = row
    if not isinstance(board, str) or not BOARD_ID.fullmatch(board):
        raise BadMessage(f"board {board!r} is not a board id")
    game = "n0-%08x" % zlib.crc32(f"{board} {at!r}".encode())
    data = {"game": game, "mode": mode, "seats": [], "winner": winner, "actions": 0, "turns": turns,
            "variants": [v for v in str(variants or "").split(",") if v], "seconds": seconds,
            "started": None if seconds is None or not isinstance(at, (int, float)) else at - seconds}
    if word and winner in ("S", "W", "N", "E"):
        data["words"] = {winner: word}
    return board, convert("result", data)


class HallStore:
    def __init__(self, path, *, wall=time.time) -> None:
        self.wall = wall
        self._db = sqlite3.connect(_database_file(path), check_same_thread=False)
        self._lock = threading.Lock()
        self.repairs: list[str] = []  # what opening the database had to set right, in words
        with self._lock, self._db:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._migrate()
            self._db.executescript(SCHEMA)
            self._check_rows()
        for line in self.repairs:
            log.warning("hall database %s: %s", path, line)

    # -- opening: older tables and bad rows ---------------------------------------------------------
    def _columns(self, table: str) -> list[str]:
        return [r[1] for r in self._db.execute(f"PRAGMA table_info({table})")]

    def _refuse(self, board, row, reason: str) -> None:
        self._db.execute("INSERT INTO results_refused VALUES (?, ?, ?, ?)",
                         (board if isinstance(board, str) else None, repr(row)[:2000], reason, self.wall()))

    def _migrate(self) -> None:
        """The first hall's table (no game ids) becomes rows of the new one, each checked."""
        if "game" in self._columns("results") or not self._columns("results"):
            return
        self._db.execute("ALTER TABLE results RENAME TO results_v1")
        self._db.executescript(SCHEMA)
        kept = refused = 0
        self._db.text_factory = lambda b: b.decode("utf-8", "replace")  # a broken name is refused, not fatal
        try:
            rows = self._db.execute("SELECT board, mode, variants, winner, word, turns, seconds, at "
                                    "FROM results_v1").fetchall()
        finally:
            self._db.text_factory = str
        for row in rows:
            try:
                board, result = _legacy(row)
            except BadMessage as exc:
                self._refuse(row[0], row, str(exc))
                refused += 1
                continue
            kept += self._insert(board, result, row[7] if isinstance(row[7], float) and 0 <= row[7] <= 1e10
                                 else self.wall())
        self._db.execute("DROP TABLE results_v1")
        self.repairs.append(f"results from an older hall: {kept} kept, {refused} refused (moved to "
                            "results_refused with the reason)")

    def _check_rows(self) -> None:
        """Every stored result decoded again: a row the schema refuses (edited by hand, written by
        an older version) is moved aside, so nothing unchecked ever reaches a page."""
        self._db.text_factory = bytes
        try:
            rows = self._db.execute("SELECT rowid, board, result FROM results").fetchall()
        finally:
            self._db.text_factory = str
        bad = []
        for rowid, board, text in rows:
            try:
                if not BOARD_ID.fullmatch(board.decode("ascii", "replace")):
                    raise BadMessage(f"board {board!r} is not a board id")
                decode("result", text)
            except BadMessage as exc:
                bad.append((rowid, board, text, str(exc)))
        for rowid, board, text, reason in bad:
            self._refuse(board.decode("utf-8", "replace"), text[:2000], reason)
            self._db.execute("DELETE FROM results WHERE rowid = ?", (rowid,))
        if bad:
            self.repairs.append(f"{len(bad)} stored result(s) the schema refuses moved to results_refused "
                                f"(the first: {bad[0][3]})")

    # -- results ------------------------------------------------------------------------------------
    def _insert(self, board: str, result: Result, received: float) -> bool:
        cur = self._db.execute("INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (board, result.game, result.mode, result.winner, result.seconds, received,
                                encode(result).decode()))
        return cur.rowcount == 1

    def record(self, board: str, result: Result) -> bool:
        """Store a checked result; False when this board's game was stored already."""
        return self.record_many([(board, result)])[0] is not None

    def record_many(self, results: list[tuple[str, Result]]) -> list[float | None]:
        """Store checked (board, result)s in one transaction (one fsync for a burst): for each, when
        it was received, or None when that board's game was stored already."""
        out = []
        with self._lock, self._db:
            for board, result in results:
                received = self.wall()
                out.append(received if self._insert(board, result, received) else None)
        return out

    def has(self, board: str, game: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM results WHERE board = ? AND game = ?",
                                    (board, game)).fetchone() is not None

    def games(self, board: str, limit: int = 1024) -> list[str]:
        """The ids of ``board``'s games held here, newest first (its receipt)."""
        with self._lock:
            rows = self._db.execute("SELECT game FROM results WHERE board = ? ORDER BY received DESC, game DESC "
                                    "LIMIT ?", (board, limit)).fetchall()
        return [g for (g,) in rows]

    def result(self, board: str, game: str) -> tuple[str, Result, float] | None:
        """One board's game, as :meth:`results` gives each (None: the hall holds no such game)."""
        with self._lock:
            row = self._db.execute("SELECT board, result, received FROM results WHERE board = ? AND game = ?",
                                   (board, game)).fetchone()
        return None if row is None else (row[0], decode("result", row[1].encode()), row[2])

    def results(self) -> list[tuple[str, Result, float]]:
        """Every result: (board, result, when the hall received it), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT board, result, received FROM results ORDER BY received, board, game")
            return [(b, decode("result", r.encode()), t) for b, r, t in rows.fetchall()]

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def leaderboard(self) -> dict:
        with self._lock:
            fastest = self._db.execute(
                "SELECT mode, board, MIN(seconds), json_extract(result, '$.turns'), winner, "
                "json_extract(result, '$.words') FROM results "
                "WHERE seconds IS NOT NULL AND winner IS NOT NULL AND winner NOT IN (?) "
                "GROUP BY mode ORDER BY mode", LOST).fetchall()
            wins = self._db.execute(
                "SELECT board, SUM(winner IS NOT NULL AND winner NOT IN (?)), COUNT(*) FROM results "
                "GROUP BY board ORDER BY 2 DESC, board", LOST).fetchall()
        return {
            "fastest": [{"mode": m, "board": b, "seconds": s, "turns": t, "winner": w,
                         "word": json.loads(words or "{}").get(w)} for m, b, s, t, w, words in fastest],
            "wins": [{"board": b, "wins": w, "games": g} for b, w, g in wins],
        }

    def corrections(self) -> Corrections:
        """The arbiters' corrections, kept in this database (corrections.py)."""
        return Corrections(self._db, self._lock, self.wall)

    def close(self) -> None:
        with self._lock:
            self._db.close()
