"""Playing a journal through the engine: the game it records, to look at or to go on with.

Resuming reads the file as a stream (:class:`Reopened`): each line is replayed as it is read
and dropped, so memory holds one line and the game, whatever the journal's length.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..game.core.engine import apply, new_game
from ..game.core.errors import SetupError
from ..game.core.rejection import Rejection
from .errors import EditionMismatch, JournalError, JournalRejected
from .reading import ClockMark, Entry, Journal, Scan
from .splitting import LineReader
from .writer import JournalWriter, open_locked


def start_state(journal: Journal, edition, *, check_edition: bool = True):
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
    state: object  # the game's state after the last accepted action
    applied: int  # actions accepted
    rejected: tuple[int, Rejection] | None = None  # (line, rejection) of the first refused one
    # Express: seconds of the turn in play already used, as the journal recorded them (the last
    # clock line or action time in that turn; 0 when the turn has just begun).
    turn_used: float = 0.0


def _turn(state) -> tuple:
    return state.turn.seat, state.turn.number


def play(state, records: Iterable[Entry | ClockMark]) -> Replay:
    """Apply each action in turn, stopping at the first refused one; clock marks only say how
    much of the current turn was used."""
    applied, used = 0, 0.0
    for record in records:
        if isinstance(record, ClockMark):
            if (record.seat, record.turn) == _turn(state):
                used = record.used
            continue
        result = apply(state, record.action)
        if isinstance(result, Rejection):
            return Replay(state, applied, (record.line, result), used)
        if _turn(result) != _turn(state):
            used = 0.0
        elif getattr(record.action, "time", None) is not None:  # KLACKERS actions keep no time
            used = record.action.time
        state, applied = result, applied + 1
    return Replay(state, applied, None, used)


def replay(journal: Journal, edition, *, check_edition: bool = True) -> Replay:
    """Play the journal's actions through the engine, stopping at the first refused one."""
    return play(start_state(journal, edition, check_edition=check_edition), journal.entries)


class Reopened:
    """A journal opened and locked to go on with its game, read and replayed as a stream
    (``journal``: its header and, once read whole, warnings; ``result``: the :class:`Replay`).
    Nothing is written until :meth:`writer`; :meth:`close` lets go of it instead."""

    def __init__(self, path, edition, *, check_edition: bool = True) -> None:
        self.path = Path(path)
        self._file = open_locked(self.path)
        try:
            scan = Scan(LineReader(self._file.reader()))
            self.journal = scan.journal
            self.result = play(start_state(scan.journal, edition, check_edition=check_edition), scan)
        except BaseException:
            self._file.close()
            raise

    @property
    def state(self):
        return self.result.state

    def writer(self) -> JournalWriter:
        """Go on with the game: a torn tail is cut off and the writer returned (JournalRejected,
        and the file let go, when the rules refused one of its actions)."""
        if self.result.rejected:
            self.close()
            raise JournalRejected(*self.result.rejected)
        try:
            return JournalWriter.attach(self._file, self.journal)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self._file.close()


def load_game(path, edition, *, check_edition: bool = True) -> tuple[object, int, list[str]]:
    """Resume a game: (state after every action, number of actions, warnings).

    Raises JournalError (EditionMismatch, JournalRejected) if the journal cannot be trusted.
    Read as a stream, like :class:`Reopened`, but without locking or changing the file.
    """
    try:
        with open(path, "rb") as f:
            scan = Scan(LineReader(f.read))
            result = play(start_state(scan.journal, edition, check_edition=check_edition), scan)
    except OSError as exc:
        raise JournalError(None, f"cannot read {path}: {exc.strerror or exc}") from None
    if result.rejected:
        raise JournalRejected(*result.rejected)
    return result.state, result.applied, scan.journal.warnings


def resume_game(path, edition, *, check_edition: bool = True):
    """Reopen a journal to go on with its game: (writer, state, number of actions, warnings).

    The file is read as a stream, and a torn last line is cut off before the game continues.
    """
    reopened = Reopened(path, edition, check_edition=check_edition)
    writer = reopened.writer()
    return writer, reopened.state, reopened.result.applied, writer.warnings
