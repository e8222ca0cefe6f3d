"""The Express clock of the game in play: when the turn began, the timeout when it runs out,
and the clock lines that let a resumed turn go on where it was (express_marks.py).

It runs while the game's set-up has a turn limit (``Game.turn_seconds``) and the game is not
over, on the play screen and under the abandon question alike. A turn begins again when the
seat or the turn number changes; during a fault (screens/fault.py) it stands still.
"""

from __future__ import annotations

from ..express_marks import ExpressMarks


class TurnClock:
    def __init__(self, play, now: float) -> None:
        self.play = play  # the PlayScreen: its session, and the way a timeout is submitted
        session = play.session
        self.started = now - session.turn_used  # a resumed Express turn goes on, not afresh
        self.key = (session.state.turn.seat, session.state.turn.number)
        self.marks = ExpressMarks()
        self.marks.marked(self.key, session.turn_used)

    @property
    def running(self) -> bool:
        s = self.play.session.state
        return not s.over and s.config.game.turn_seconds(s.config) is not None

    def started_if_running(self) -> float | None:
        return self.started if self.running else None

    def elapsed(self, now: float) -> float | None:
        """The time the action taken now records (None in a game without a clock)."""
        return round(now - self.started, 3) if self.running else None

    def accepted(self, state, now: float) -> bool:
        """After an accepted action: True when a new turn began (the clock starts again)."""
        key = (state.turn.seat, state.turn.number)
        if key == self.key:
            return False
        self.key, self.started = key, now
        return True

    def tick(self, now: float) -> None:
        board = self.play.board
        if not self.running or not board.storage.ok:
            return
        if now >= self.started + board.express_seconds:
            if not self.play.time_out(round(now - self.started, 3), now):
                self.started = now  # never spin on a refused timeout
        if self.running and board.storage.ok:
            self.marks.tick(self.play.session, self.key, self.started, now, board.storage_failed)

    def deadlines(self) -> list[float]:
        if not self.running:
            return []
        return [self.started + self.play.board.express_seconds, self.marks.due_at(self.key, self.started)]
