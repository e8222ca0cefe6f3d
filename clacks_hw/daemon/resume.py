"""After a restart: which game the board goes on with, and saying exactly what it did.

The newest journal in journal.dir decides (journal_names.newest_first):

- a game in play that reads and replays cleanly is resumed (logged; the board's notice names it);
- a finished or abandoned game: nothing to resume. Older unfinished journals stay as they are: a
  newer game was played after them;
- a journal that cannot be resumed (damaged or altered, another format, edition or rules version,
  an action the rules refuse, unreadable) is refused: logged with why, and said on the board. The
  board never goes back to an older game by itself: if a game in play lies behind the refused
  journal(s), the board asks (the resume question, screens/resume.py) and PLAY resumes it, BACK
  starts fresh; otherwise it starts fresh. Nothing is deleted.

Each journal is read as a stream (journal.Reopened): memory holds one line and the game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ..journal import JournalError, Reopened, mark_abandoned
from ..journal.writer import set_aside
from . import journal_names
from .session import GameSession, JournalStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refusal:
    path: Path
    why: str  # a sentence fragment: "line 5: the line fails its checksum ..."


@dataclass(frozen=True)
class Offer:
    """An older game in play, behind the refused journal(s): resumed only if the owner says so."""

    path: Path
    state: object  # the game's position
    actions: int
    created: str | None


@dataclass
class Outcome:
    session: GameSession | None = None  # the game resumed
    refused: list[Refusal] = field(default_factory=list)  # newest first
    offer: Offer | None = None
    notice: str = ""  # what the board says about it ("" when there was nothing to resume)


def _refusal(path: Path, reopened: Reopened | None, exc: Exception | None) -> Refusal:
    if exc is not None:
        return Refusal(path, str(exc))
    line, rejection = reopened.result.rejected
    state = reopened.state  # the sentence everybody may read: the log and the board are public
    return Refusal(path, f"line {line}: the rules refuse its action ({rejection.code}: "
                         f"{state.config.game.public_text(state, rejection)})")


def _open(store: JournalStore, path: Path) -> tuple[Reopened | None, Refusal | None]:
    try:
        reopened = Reopened(path, store.edition)
    except (JournalError, OSError) as exc:
        return None, _refusal(path, None, exc)
    if reopened.result.rejected:
        reopened.close()
        return None, _refusal(path, reopened, None)
    return reopened, None


def find(store: JournalStore) -> Outcome:
    """Look at the newest journal (and behind it, if it is refused); resume or say why not."""
    out = Outcome()
    for path in journal_names.newest_first(store.dir):
        if not journal_names.in_play(path):
            log.info("nothing to resume: the newest game (%s) was abandoned", path.name)
            break
        reopened, refusal = _open(store, path)
        if refusal is not None:
            log.warning("not resuming %s: %s", path, refusal.why)
            out.refused.append(refusal)
            continue
        if reopened.state.over:
            reopened.close()
            log.info("nothing to resume: the newest game (%s) is over", path.name)
            break
        if out.refused:  # an older game: only the owner may bring it back
            reopened.close()
            out.offer = Offer(path, reopened.state, reopened.result.applied, reopened.journal.header.get("created"))
            log.warning("the board asks whether to resume the older game in %s (%d actions) or start fresh",
                        path, out.offer.actions)
            break
        out.session = _go_on(store, reopened)
        out.notice = resumed_text(path, out.session)
        return out
    if out.refused:
        out.notice = refused_text(out)
    return out


def _go_on(store: JournalStore, reopened: Reopened) -> GameSession:
    writer = reopened.writer()
    for w in writer.warnings:
        log.warning("journal %s: %s", reopened.path, w)
    state, n = reopened.state, reopened.result.applied
    log.info("resumed the game in %s after %d action(s): turn %d, %s to act", reopened.path, n,
             state.turn.number, state.turn.seat)
    store.last = reopened.path
    return GameSession(state, writer, n, turn_used=reopened.result.turn_used,
                       started=began(reopened.journal.header.get("created")))


def began(created) -> float | None:
    """A journal header's ``created`` as Unix seconds (None: missing or not a time)."""
    try:
        when = datetime.fromisoformat(created)
    except (TypeError, ValueError):
        return None
    return when.timestamp() if when.tzinfo is not None else None


def resumed_text(path: Path, session: GameSession) -> str:
    turn = session.state.turn
    return (f"Resumed the game in {path.name} after {session.actions} action(s): turn {turn.number}, "
            f"{turn.seat} to act.")


def refused_text(out: Outcome) -> str:
    first = out.refused[0]
    text = f"Not resumed: the newest journal, {first.path.name}: {first.why}."
    if len(out.refused) > 1:
        text += f" {len(out.refused) - 1} older journal(s) could not be resumed either (the log says why)."
    if out.offer is not None:
        o = out.offer
        when = f", started {o.created.replace('T', ' ')[:16]}" if o.created else ""
        text += (f" An older game is unfinished ({o.path.name}{when}, {o.actions} action(s)): PLAY resumes it "
                 "and sets the refused journal aside; BACK starts fresh and marks the older game abandoned.")
    else:
        text += " The board starts fresh."
    return text + f" Nothing was deleted; clacks-hw replay {first.path} shows where it stops."


def take_offer(store: JournalStore, out: Outcome) -> GameSession | Refusal:
    """PLAY on the resume question: go on with the older game and set the refused journals aside
    (renamed NAME.refused, kept) so the next restart finds the game resumed as the newest."""
    offer = out.offer
    reopened, refusal = _open(store, offer.path)
    if refusal is not None:
        log.warning("not resuming %s after all: %s", offer.path, refusal.why)
        return refusal
    for r in out.refused:
        try:
            log.info("the owner chose the older game: %s set aside as %s", r.path, set_aside(r.path).name)
        except OSError as exc:
            log.warning("cannot set %s aside (%s); the next restart asks again", r.path, exc.strerror or exc)
    return _go_on(store, reopened)


def decline_offer(out: Outcome) -> None:
    """BACK on the resume question: start fresh; the older game is marked abandoned."""
    path = out.offer.path
    try:
        log.info("the owner started fresh: the older game %s is now %s", path, mark_abandoned(path).name)
    except OSError as exc:
        log.warning("the owner started fresh, but %s cannot be marked abandoned (%s); the next restart "
                    "asks again", path, exc.strerror or exc)
