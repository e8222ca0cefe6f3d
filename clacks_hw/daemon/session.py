"""A game being played: the engine state plus its journal, so every accepted action is on disk
(fsync'd) before anything shows it. The journal folder: new games get a new file (named by
journal_names.py); after a restart resume.py decides which game goes on."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from ..base.clock import SystemClock
from ..game.core.config import GameConfig
from ..game.core.engine import apply, new_game
from ..game.core.rejection import Rejection
from ..journal import JournalError, JournalWriter, make_header
from ..journal.append_file import PROBE_BYTES
from ..journal.folder import make_folder
from . import journal_names

log = logging.getLogger(__name__)


class GameSession:
    def __init__(self, state, writer: JournalWriter | None, actions: int = 0,
                 turn_used: float = 0.0, started: float | None = None) -> None:
        self.state = state
        self.writer = writer
        self.actions = actions
        self.turn_used = turn_used  # Express, resumed: seconds of the turn in play already used
        self.started = started  # calendar time the game began (Unix seconds; None: unknown)
        self._id = secrets.token_hex(8)  # a game without a journal: its id for this run

    @property
    def game_id(self) -> str:
        """Which game this is, for what belongs to it alone (a seat's phone): its journal's name,
        the same after a restart that resumes it."""
        return self._id if self.path is None else self.path.name

    @property
    def path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    def apply(self, action):
        """The engine's answer (the new state, or a Rejection); an accepted action is journalled
        before the state changes."""
        result = apply(self.state, action)
        if isinstance(result, Rejection):
            return result
        if self.writer is not None:
            self.writer.append(action)
        self.state = result
        self.actions += 1
        return result

    def mark_clock(self, used: float) -> bool:
        """Journal how much of the turn in play is used (Express); False when nothing was written."""
        if self.writer is None:
            return False
        turn = self.state.turn
        return self.writer.mark_clock(turn.seat, turn.number, used)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class JournalStore:
    """The journal directory: new games get a new file; ``resume.find`` picks the game to go on with."""

    def __init__(self, directory, edition, config_hash: str | None = None, clock=None) -> None:
        self.dir = Path(directory)
        self.edition = edition
        self.config_hash = config_hash
        self.clock = clock or SystemClock()  # calendar time for the journal's name and header
        self.last: Path | None = None  # the journal of the latest game started or resumed here

    def new_session(self, config: GameConfig) -> GameSession:
        state = new_game(self.edition, config)
        make_folder(self.dir)
        now = self.clock.wall()
        header = make_header(self.edition, config, config_hash=self.config_hash,
                             created=now.isoformat(timespec="seconds"))
        path = journal_names.new_name(self.dir, now)
        while True:
            try:
                writer = JournalWriter.create(path, header)
                break
            except JournalError:
                if not path.exists():
                    raise
                # Taken meanwhile (another process): the next number.
                path = journal_names.new_name(self.dir, now, journal_names.number(path.name) + 1)
        self.last = path
        log.info("game started: %s, seats %s, journal %s", config.mode, " ".join(config.seats), path)
        return GameSession(state, writer, started=now.timestamp())

    def has_room(self) -> bool:
        """Whether a new journal could be written here now (a small file written, then removed)."""
        # A fresh name, made O_EXCL|O_NOFOLLOW: a link planted at a guessable one would have
        # been truncated through (as root, any file).
        probe = self.dir / f".room-probe-{secrets.token_hex(6)}"
        try:
            make_folder(self.dir)
            fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError:
            return False
        try:
            os.write(fd, b"\n" * PROBE_BYTES)
            os.fsync(fd)
        except OSError:
            return False
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
        return True

    def candidates(self) -> list[Path]:
        """Every game of the folder, newest first (journal_names.newest_first)."""
        return journal_names.newest_first(self.dir)
