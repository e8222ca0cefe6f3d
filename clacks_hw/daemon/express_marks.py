"""An Express turn survives a restart: while its clock runs, the board journals every
``every_s`` seconds how much of the turn is used (a clock line, docs/journal.md), so a resumed
game gives the player what was left (at most ``every_s`` more), not a fresh turn. The time the
board was off does not count: nobody could play then.

Pure bookkeeping on the controller's times; the journal's writer writes the line and
journal.replaying reads it back (``Replay.turn_used``). The engine never sees any of it.
"""

from __future__ import annotations

from ..journal import JournalError

MARK_EVERY_S = 5.0


class ExpressMarks:
    def __init__(self, every_s: float = MARK_EVERY_S) -> None:
        self.every_s = every_s
        self._turn = None  # (seat, turn number) of the last mark
        self._used = 0.0  # seconds used at the last mark of that turn

    def _since(self, turn) -> float:
        return self._used if turn == self._turn else 0.0

    def due_at(self, turn, started: float) -> float:
        """When the next mark of ``turn`` (begun at ``started``) is due."""
        return started + self._since(turn) + self.every_s

    def due(self, turn, started: float, now: float) -> bool:
        used = now - started
        # A turn begun again below the last mark is marked at once.
        return used >= self._since(turn) + self.every_s or used < self._since(turn)

    def marked(self, turn, used: float) -> None:
        self._turn, self._used = turn, used

    def tick(self, session, turn, started: float, now: float, failed) -> None:
        """While an Express turn runs: journal how much of it is used when a mark is due (a
        failed write goes to ``failed(exc, now)``, the board's fault screen, as for an action)."""
        if not self.due(turn, started, now):
            return
        used = now - started
        try:
            session.mark_clock(used)
        except (JournalError, OSError) as exc:
            failed(exc, now)
            return
        self.marked(turn, used)
