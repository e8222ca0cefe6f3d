"""The games a board has played, read from its journal directory (``clacks-hw history``).

Each journal is read with the journal's reading API and replayed through the engine (the
winner is the engine's, never re-derived here). A game's time is the header's ``created``
stamp; its duration runs from there to the journal's last write (its modification time).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..game.clacks.edition import Edition
from ..game.core.registry import canonical  # an older journal's mode may be its old name
from ..journal import JournalError, read_journal
from .replay_steps import Refused, steps

PATTERNS = ("*.jsonl", "*.jsonl.abandoned", "*.jsonl.refused")


@dataclass(frozen=True)
class GameRecord:
    path: str
    created: str | None = None  # ISO 8601, UTC, from the header
    mode: str | None = None
    variants: tuple[str, ...] = ()
    players: dict[str, list[str]] = field(default_factory=dict)  # seat (or "team") -> word(s)
    names: dict[str, str] = field(default_factory=dict)  # seat -> the player's name, as given at the start
    winner: str | None = None
    actions: int = 0
    duration_s: float | None = None
    # finished | in play | abandoned | refused (an action the rules refuse) | unreadable | set aside
    # (a journal the board could not resume, renamed .refused when the owner chose an older game)
    state: str = "finished"
    problem: str | None = None  # why a journal is unreadable or where it was refused

    def to_json(self) -> dict:
        out = asdict(self)
        out["variants"] = list(self.variants)
        return out


def _created(header: dict) -> datetime | None:
    try:
        stamp = datetime.fromisoformat(str(header.get("created")))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def read_game(path: Path, edition: Edition) -> GameRecord:
    try:
        journal = read_journal(path)
        last = None
        for item in steps(journal, edition, check_edition=False):
            last = item
    except JournalError as exc:
        where = f"line {exc.line}: " if exc.line is not None else ""
        return GameRecord(str(path), state="unreadable", problem=where + exc.message)
    header = journal.header
    created = _created(header)
    duration = None
    if created is not None:
        try:
            duration = max(0.0, path.stat().st_mtime - created.timestamp())
        except OSError:
            pass
    base = dict(path=str(path), created=created.isoformat() if created else None, mode=canonical(header["mode"]),
                variants=tuple(header["variants"]), players={k: list(v) for k, v in header["words"].items()},
                names=dict(header.get("names") or {}), duration_s=duration)
    if isinstance(last, Refused):
        return GameRecord(**base, actions=len([e for e in journal.entries if e.line < last.entry.line]),
                          state="refused", problem=f"line {last.entry.line}: {last.rejection.message}")
    state = last.state
    kind = ("finished" if state.over else "abandoned" if path.name.endswith(".abandoned")
            else "set aside" if path.name.endswith(".refused") else "in play")
    return GameRecord(**base, winner=state.winner if state.over else None, actions=last.number, state=kind)


def read_history(directories, edition: Edition) -> list[GameRecord]:
    """Every journal in each of ``directories`` (not their sub-folders), oldest first."""
    paths = {p for d in directories for pattern in PATTERNS for p in Path(d).glob(pattern) if p.is_file()}
    records = [read_game(p, edition) for p in paths]
    return sorted(records, key=lambda r: (r.created or "", r.path))


def totals(records: list[GameRecord]) -> dict[str, dict]:
    """Per mode: games, how they ended, wins per seat (or team), average length."""
    out: dict[str, dict] = {}
    for r in records:
        if r.mode is None:
            continue
        t = out.setdefault(r.mode, {"games": 0, "states": Counter(), "wins": Counter(), "actions": [],
                                    "durations": []})
        t["games"] += 1
        t["states"][r.state] += 1
        if r.winner is not None:
            t["wins"][r.winner] += 1
        if r.state == "finished":
            t["actions"].append(r.actions)
            if r.duration_s is not None:
                t["durations"].append(r.duration_s)
    return {mode: {"games": t["games"], "ended": dict(t["states"]), "wins": dict(t["wins"]),
                   "average_actions": _mean(t["actions"]), "average_duration_s": _mean(t["durations"])}
            for mode, t in sorted(out.items())}


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None
