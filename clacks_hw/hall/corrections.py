"""An arbiter's corrections to the hall's results, and their audit log: every one kept, in order.

An arbiter (a phone paired with the hall as an arbiter: arbiter.py) may void a game, count a
voided game again, or correct (or clear) a player's name in a game. Nothing a board sent is ever
changed: each correction is a row of its own in the hall's database (who, when, which game,
what it was, what it is now, why), the tables apply them (tournament.py), and the page shows
them as the audit log. A request that names no game the hall holds, a seat not in it, or a name
or reason that will not do is refused with what is wrong.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass

from ..base.errors import ClacksError
from ..game.core.names import name_problem

SCHEMA = """
CREATE TABLE IF NOT EXISTS corrections (
    at REAL NOT NULL CHECK (at BETWEEN 0 AND 1e10),
    who TEXT NOT NULL CHECK (length(who) BETWEEN 1 AND 64),
    board TEXT NOT NULL CHECK (length(board) BETWEEN 1 AND 64),
    game TEXT NOT NULL CHECK (length(game) BETWEEN 1 AND 24),
    kind TEXT NOT NULL CHECK (kind IN ('void', 'count', 'name')),
    seat TEXT CHECK (seat IS NULL OR seat IN ('S', 'W', 'N', 'E')),
    before TEXT CHECK (before IS NULL OR length(before) <= 24),
    value TEXT CHECK (value IS NULL OR length(value) <= 24),
    reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 200)
) STRICT
"""
KINDS = ("void", "count", "name")
MAX_REASON = 200
REASON = re.compile(r"[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]{1,200}")


class Refused(ClacksError, ValueError):
    """A correction that will not do; the message says why."""


@dataclass(frozen=True)
class Correction:
    at: float
    who: str
    board: str
    game: str
    kind: str
    seat: str | None
    before: str | None
    value: str | None
    reason: str

    def text(self) -> str:
        where = f"{self.board}'s game {self.game}"
        if self.kind == "void":
            what = f"voided {where}"
        elif self.kind == "count":
            what = f"counted {where} again"
        else:
            what = f"{where}: seat {self.seat}'s name {self.before or '(none)'} \u2192 {self.value or '(none)'}"
        return f"{what}, by arbiter {self.who}: {self.reason}"

    def entry(self) -> dict:
        return {"at": self.at, "who": self.who, "board": self.board, "game": self.game, "kind": self.kind,
                "seat": self.seat, "before": self.before, "value": self.value, "reason": self.reason,
                "text": self.text()}


class Corrections:
    def __init__(self, db, lock: threading.Lock, wall=time.time) -> None:
        """``db``: the hall's SQLite connection (store.py), used under ``lock``."""
        self._db = db
        self._lock = lock
        self.wall = wall
        with self._lock, self._db:
            self._db.execute(SCHEMA)

    def all(self) -> list[Correction]:
        with self._lock:
            rows = self._db.execute("SELECT at, who, board, game, kind, seat, before, value, reason FROM corrections "
                                    "ORDER BY rowid").fetchall()
        return [Correction(*row) for row in rows]

    def add(self, who: str, game, kind: str, reason: str, seat: str | None = None, value: str | None = None) -> Correction:
        """Keep a correction of ``game`` (tournament.Counted, as counted now); Refused when it will not do."""
        reason = reason.strip() if isinstance(reason, str) else reason
        if kind not in KINDS:
            raise Refused(f"a correction is one of {', '.join(KINDS)}, not {kind!r}")
        if not isinstance(reason, str) or not REASON.fullmatch(reason or ""):
            raise Refused(f"give the reason in a line of 1 to {MAX_REASON} characters: it goes in the audit log")
        before = None
        if kind == "name":
            if seat not in game.seats:
                raise Refused(f"seat {seat!r} did not play {game.board}'s game {game.game} "
                              f"(seats: {' '.join(game.seats) or 'not known'})")
            value = value.strip() if isinstance(value, str) else value
            if value:
                why = name_problem(value)
                if why:
                    raise Refused(why)
            before, value = game.players.get(seat), value or None
            if before == value:
                raise Refused(f"seat {seat} is {value or 'unnamed'} in that game already")
        else:
            seat = value = None
            if (kind == "void") == game.voided:
                raise Refused(f"{game.board}'s game {game.game} is {'voided' if game.voided else 'counted'} already")
        c = Correction(round(self.wall(), 3), who, game.board, game.game, kind, seat, before, value, reason)
        with self._lock, self._db:
            self._db.execute("INSERT INTO corrections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (c.at, c.who, c.board, c.game, c.kind, c.seat, c.before, c.value, c.reason))
        return c
