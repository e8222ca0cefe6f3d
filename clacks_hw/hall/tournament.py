"""The hall's tournament tables: every result as counted (an arbiter's corrections applied), the
leaderboards by player and by board for each game mode, and the export of all results.

A result counts as the board sent it unless an arbiter voided it or corrected a player's name
(corrections.py keeps every correction; the latest for a game and seat wins). A player is a
name, whatever its case; a seat nobody named counts for its board only. In a game the team won,
everyone at the table won; a game the Post Office won is nobody's. The attract demo never makes
a result (boards only send journalled games), so nothing here has to leave it out.
"""

from __future__ import annotations

import csv
import heapq
import io
import math
from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from ..game.core import catalogue

TOP = 20  # rows of each table sent to the page
CSV_COLUMNS = ("board", "game", "mode", "variants", "hints", "seats", "players", "winner", "winner_names", "seconds",
               "turns", "actions", "started", "received", "voided", "corrected")


@dataclass
class Counted:
    """One finished game as the hall counts it."""

    board: str
    game: str
    mode: str
    seats: list
    winner: str | None
    players: dict  # seat -> name, corrections applied
    variants: list = field(default_factory=list)
    hints: bool | None = None  # did the board hint? None: not known (an older board or journal)
    words: dict = field(default_factory=dict)
    seconds: float | None = None
    turns: int | None = None
    actions: int = 0
    started: float | None = None
    received: float = 0.0
    voided: bool = False
    corrections: list = field(default_factory=list)  # the audit entries about this game, oldest first

    @property
    def winners(self) -> list:
        """The seats that won: one, several (a shared KLACKERS win), all (the team), none."""
        w = self.winner or ""
        if w == "team":
            return list(self.seats)
        if w == "post_office" or not w:
            return []
        return [s for s in w.split(" and ") if s]

    def data(self) -> dict:
        return {"board": self.board, "game": self.game, "mode": self.mode, "variants": list(self.variants),
                "hints": self.hints, "seats": list(self.seats), "players": dict(self.players), "winner": self.winner,
                "winner_names": [self.players[s] for s in self.winners if s in self.players],
                "words": dict(self.words), "seconds": self.seconds, "turns": self.turns, "actions": self.actions,
                "started": self.started, "received": self.received, "voided": self.voided,
                "corrections": list(self.corrections)}


def counted(results, corrections) -> list[Counted]:
    """``results``: (board, result as plain data, when received) in order; ``corrections``:
    corrections.Correction in the order made."""
    out, index = [], {}
    for board, r, received in results:
        c = Counted(board=board, game=r["game"], mode=r["mode"], seats=list(r.get("seats") or []),
                    winner=r.get("winner"), players=dict(r.get("names") or {}),
                    variants=list(r.get("variants") or []), hints=r.get("hints"), words=dict(r.get("words") or {}),
                    seconds=r.get("seconds"), turns=r.get("turns"), actions=r.get("actions") or 0,
                    started=r.get("started"), received=received)
        index[(board, c.game)] = c
        out.append(c)
    for k in corrections:
        c = index.get((k.board, k.game))
        if c is None:
            continue
        if k.kind == "void":
            c.voided = True
        elif k.kind == "count":
            c.voided = False
        elif k.kind == "name":
            if k.value:
                c.players[k.seat] = k.value
            else:
                c.players.pop(k.seat, None)
        c.corrections.append(k.entry())
    return out


label = catalogue.label


def best_of(a, b):
    return b if a is None or (b is not None and b < a) else a


def _key(r: dict) -> tuple:
    return (-r["wins"], r["best"] if r["best"] is not None else math.inf, -r["games"], r["name"].casefold())


def _rank(rows: dict) -> list[dict]:
    return heapq.nsmallest(TOP, rows.values(), key=_key)  # sorted(...)[:TOP], without sorting every row


def standings(games: list[Counted]) -> list[dict]:
    """For each mode with a counted game, in the games' own order: the players and the boards,
    best first (most wins, then the fastest win, then the most games)."""
    modes: dict[str, dict] = {}
    for g in games:
        if g.voided:
            continue
        m = modes.setdefault(g.mode, {"players": {}, "boards": {}, "games": 0})
        m["games"] += 1
        won = g.winners
        time = g.seconds if won else None
        b = m["boards"].setdefault(g.board, {"name": g.board, "board": g.board, "wins": 0, "games": 0, "best": None})
        b["games"] += 1
        b["wins"] += bool(won)
        b["best"] = best_of(b["best"], time)
        for seat, name in g.players.items():
            if seat not in g.seats and g.seats:
                continue
            # The spelling a player was first entered with: "Ann" stays Ann when a later table types "ann".
            p = m["players"].setdefault(name.casefold(), {"name": name, "wins": 0, "games": 0, "best": None})
            p["games"] += 1
            if seat in won:
                p["wins"] += 1
                p["best"] = best_of(p["best"], time)
    return tables(modes)


def tables(modes: dict[str, dict]) -> list[dict]:
    """The page's tables from each mode's ``{"games": n, "players": {name folded: row}, "boards":
    {board: row}}`` (standings' own, or tally.Tally's kept up to date), rows copied."""
    order = {name: k for k, name in enumerate(catalogue.modes())}
    return [{"mode": mode, "label": label(mode), "games": m["games"],
             "players": [{k: v for k, v in r.items()} for r in _rank(m["players"])],
             "boards": [{k: v for k, v in r.items() if k != "name"} for r in _rank(m["boards"])]}
            for mode, m in sorted(modes.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))]


def _cell(value) -> str:
    """A CSV cell no spreadsheet runs as a formula (OWASP: a leading = + - @ tab or return)."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def stamp(t: float | None, tz: tzinfo | None = None) -> str | None:
    """A Unix time as ISO 8601 in the hall's time zone (``tz``; None: the hall machine's own), to
    the second: what a tournament desk's spreadsheet and eyes read (2026-12-03T14:05:09+01:00)."""
    if t is None:
        return None
    at = datetime.fromtimestamp(t, tz) if tz is not None else datetime.fromtimestamp(t).astimezone()
    return at.isoformat(timespec="seconds")


def exported(g: Counted, tz: tzinfo | None = None) -> dict:
    """One game as the exports give it: its times (and its corrections') in ISO 8601."""
    d = g.data()
    d["started"], d["received"] = stamp(d["started"], tz), stamp(d["received"], tz)
    d["corrections"] = [{**k, "at": stamp(k["at"], tz)} for k in d["corrections"]]
    return d


def export_csv(games: list[Counted], tz: tzinfo | None = None) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for g in games:
        d = exported(g, tz)
        w.writerow([_cell(x) for x in (
            d["board"], d["game"], d["mode"], " ".join(d["variants"]),
            {True: "on", False: "off", None: ""}[d["hints"]], " ".join(d["seats"]),
            "; ".join(f"{s}={n}" for s, n in d["players"].items()), d["winner"], "; ".join(d["winner_names"]),
            d["seconds"], d["turns"], d["actions"], d["started"], d["received"], "yes" if d["voided"] else "no",
            len(d["corrections"]))])
    return out.getvalue()


def export_json(games: list[Counted], tz: tzinfo | None = None) -> dict:
    # version 2: the times are ISO 8601 with the hall's offset (version 1 gave Unix seconds)
    return {"format": "clacks-hw hall results", "version": 2, "results": [exported(g, tz) for g in games]}
