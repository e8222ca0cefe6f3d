"""A game being played: the engine state plus its journal, so every accepted action is on disk
(fsync'd) before anything shows it. Also finds the game to resume after a crash or power cut."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from ..clock import SystemClock
from ..game.actions import Action
from ..game.edition import Edition
from ..game.rejection import Rejection
from ..game.rules import apply
from ..game.setup import new_game
from ..game.state import GameConfig, GameState
from ..journal import (
    JournalError,
    JournalWriter,
    make_header,
    read_journal,
    replay,
    resume_game,
)
from ..journal.append_file import PROBE_BYTES

log = logging.getLogger(__name__)

SUFFIX = ".jsonl"


class GameSession:
    def __init__(self, state: GameState, writer: JournalWriter | None, actions: int = 0) -> None:
        self.state = state
        self.writer = writer
        self.actions = actions

    @property
    def path(self) -> Path | None:
        return None if self.writer is None else self.writer.path

    def apply(self, action: Action) -> GameState | Rejection:
        """The engine's answer; an accepted action is journalled before the state changes."""
        result = apply(self.state, action)
        if isinstance(result, Rejection):
            return result
        if self.writer is not None:
            self.writer.append(action)
        self.state = result
        self.actions += 1
        return result

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class JournalStore:
    """The journal directory: new games get a new file; the newest unfinished one is resumed."""

    def __init__(self, directory, edition: Edition, config_hash: str | None = None, clock=None) -> None:
        self.dir = Path(directory)
        self.edition = edition
        self.config_hash = config_hash
        self.clock = clock or SystemClock()  # calendar time for the journal's name and header
        self.last: Path | None = None  # the journal of the latest game started or resumed here

    def new_session(self, config: GameConfig) -> GameSession:
        state = new_game(self.edition, config)
        self.dir.mkdir(parents=True, exist_ok=True)
        now = self.clock.wall()
        stamp = now.strftime("%Y%m%d-%H%M%S")
        header = make_header(self.edition, config, config_hash=self.config_hash,
                             created=now.isoformat(timespec="seconds"))
        for k in range(1000):
            path = self.dir / f"game-{stamp}-{config.seed % 100000:05d}{'-%d' % k if k else ''}{SUFFIX}"
            if not path.exists():
                break
        writer = JournalWriter.create(path, header)
        self.last = path
        log.info("game started: %s, seats %s, journal %s", config.mode, " ".join(config.seats), path)
        return GameSession(state, writer)

    def has_room(self) -> bool:
        """Whether a new journal could be written here now (a small file written, then removed)."""
        # A fresh name, made O_EXCL|O_NOFOLLOW: a link planted at a guessable one would have
        # been truncated through (as root, any file).
        probe = self.dir / f".room-probe-{secrets.token_hex(6)}"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
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
        if not self.dir.is_dir():
            return []
        # Not through a link: a journal is appended to (and a torn tail cut) as the daemon's user.
        files = [p for p in self.dir.glob(f"*{SUFFIX}") if p.is_file() and not p.is_symlink()]
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def resume(self) -> GameSession | None:
        """The newest journal whose game is not over, reopened for appending (a torn last line
        is cut off with a warning); None when there is none. Unreadable journals are skipped."""
        for path in self.candidates():
            try:
                result = replay(read_journal(path), self.edition)
            except (JournalError, OSError) as exc:
                log.warning("not resuming %s: %s", path, exc)
                continue
            if result.state.over or result.rejected:
                continue
            try:
                writer, state, n, warnings = resume_game(path, self.edition)
            except (JournalError, OSError) as exc:
                log.warning("not resuming %s: %s", path, exc)
                continue
            for w in warnings:
                log.warning("journal %s: %s", path, w)
            log.info("resumed the game in %s after %d action(s): turn %d, %s to act",
                     path, n, state.turn.number, state.turn.seat)
            self.last = path
            return GameSession(state, writer, n)
        return None


