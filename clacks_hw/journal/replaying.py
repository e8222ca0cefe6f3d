"""Playing a journal through the engine: the game it records, to look at or to go on with."""

from __future__ import annotations

from dataclasses import dataclass

from ..game.edition import Edition
from ..game.rejection import Rejection
from ..game.rules import apply
from ..game.setup import SetupError, new_game
from ..game.state import GameState
from .errors import EditionMismatch, JournalError, JournalRejected
from .reading import Journal, read_journal
from .writer import JournalWriter


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
