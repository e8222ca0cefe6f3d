"""The hall's results in SQLite, so the leaderboard survives a restart of `clacks-hw hall`.

One row per finished game (board, mode, variants, winner, turns, seconds, when), written from
the boards' ``game_over`` events; the same event seen twice (QoS 1 may deliver it again) is
stored once. The leaderboard: the fastest message per mode (games a player or the team won,
whose length is known) and the wins per board.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from ..secure_files import SafeDir

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    board TEXT NOT NULL, mode TEXT NOT NULL, variants TEXT NOT NULL, winner TEXT,
    word TEXT, turns INTEGER, seconds REAL, at REAL NOT NULL,
    PRIMARY KEY (board, at)
)
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


class HallStore:
    def __init__(self, path) -> None:
        self._db = sqlite3.connect(_database_file(path), check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(SCHEMA)

    def record(self, board: str, event: dict) -> bool:
        """Store a ``game_over`` event; False when it was stored already or is not one."""
        try:
            row = (board, str(event["mode"]), ",".join(map(str, event.get("variants") or ())),
                   event.get("winner"), event.get("word"), int(event.get("turns") or 0),
                   None if event.get("seconds") is None else float(event["seconds"]), float(event["at"]))
        except (KeyError, TypeError, ValueError):
            return False
        with self._lock, self._db:
            cur = self._db.execute("INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            return cur.rowcount == 1

    def leaderboard(self) -> dict:
        with self._lock:
            fastest = self._db.execute(
                "SELECT mode, board, MIN(seconds), turns, winner, word FROM results "
                "WHERE seconds IS NOT NULL AND winner IS NOT NULL AND winner NOT IN (?) "
                "GROUP BY mode ORDER BY mode", LOST).fetchall()
            wins = self._db.execute(
                "SELECT board, SUM(winner IS NOT NULL AND winner NOT IN (?)), COUNT(*) FROM results "
                "GROUP BY board ORDER BY 2 DESC, board", LOST).fetchall()
        return {
            "fastest": [{"mode": m, "board": b, "seconds": s, "turns": t, "winner": w, "word": wd}
                        for m, b, s, t, w, wd in fastest],
            "wins": [{"board": b, "wins": w, "games": g} for b, w, g in wins],
        }

    def close(self) -> None:
        with self._lock:
            self._db.close()
