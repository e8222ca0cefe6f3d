"""Computer players at the board: a part of the play screen (play.py).

When the seat that must act (``to_act``: the player whose turn it is, or the one choosing for
a revealed card) is a computer's (the game's set-up says which: ``config.computer``), the
computer decides from that seat's view, the board shows the move (its placement blinks on the
lamps in the seat's colour, the tower it moves to blinks, the sentence saying why goes to the
screen and the log) and ``Settings.computer_pace_s`` later plays it through the screen's
``submit``, like a player's PLAY. Everything happens in ``tick`` at times the clock seam gives,
so tests drive it on a fake clock. Buttons and cards meanwhile are the computer's: refused with
a sentence (``blocks``).
"""

from __future__ import annotations

import logging

from ...game.core.computer import Move, choose, move_rng, to_act
from ...game.core.values import replace

log = logging.getLogger(__name__)


class ComputerTurn:
    def __init__(self, play) -> None:
        self.play = play  # the PlayScreen
        self.move: Move | None = None  # the move being shown before it is played
        self.since = 0.0
        self._key: tuple | None = None  # (actions applied, seat) the shown move was decided for
        self._stalled: tuple | None = None  # the key of a move the engine refused: not tried again

    def seat(self) -> str | None:
        """The computer's seat that must act now, if any."""
        if not self.play.in_play:
            return None
        state = self.play.state
        seat = to_act(state)
        return seat if seat is not None and seat in state.config.computer else None

    def tick(self, now: float) -> bool:
        """Decide or play the computer's move; False when no computer is to act."""
        play, board = self.play, self.play.board
        seat = self.seat()
        if seat is None or not board.storage.ok:
            self.move = None
            return seat is not None
        session = play.session
        key = (session.actions, seat)
        if self._stalled == key:
            return True
        if self.move is None or self._key != key:
            state = session.state
            strength = state.config.computer[seat]
            self.move = choose(state, seat, strength, move_rng(state, seat, session.actions))
            self._key, self.since = key, now
            board.message = self.move.why
            board.report(f"{self.move.why} ({strength} computer)")
            return True
        if now < self.since + board.settings.computer_pace_s:
            return True
        move, self.move = self.move, None
        action = move.action
        if getattr(action, "act", None) in ("play", "move", "end") and play.clock.running:
            action = replace(action, time=play.clock.elapsed(now))
        play.play.new_turn()  # whatever a person had begun to choose is dropped
        if not play.submit(action, now):  # the engine refused what the computer saw as legal: never spin on it
            log.error("the computer at %s played %s and was refused", seat, action)
            self._stalled = key
        return True

    def deadline(self, now: float) -> float | None:
        """When ``tick`` next has a computer move to decide or play."""
        seat = self.seat()
        if seat is None or self._stalled == (self.play.session.actions, seat):
            return None
        if self.move is None:
            return now
        return self.since + self.play.board.settings.computer_pace_s

    def blocks(self, what: str, now: float) -> bool:
        """A button or card from the table while the computer is to act: refused, said why."""
        seat = self.seat()
        if seat is None:
            return False
        self.play.board.error(now, f"{what}: it is the computer's move at {seat}; wait for it.")
        return True
