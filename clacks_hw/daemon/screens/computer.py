"""Computer players at the board: a part of the play screen (play.py).

When the seat that must act (``to_act``: the player whose turn it is, or the one choosing for
a revealed card) is a computer's (the game's set-up says which: ``config.computer``), the
computer decides from that seat's view, the board shows the move (its placement blinks on the
lamps in the seat's colour, the tower it moves to blinks, the sentence saying why goes to the
screen and the log) and ``Settings.computer_pace_s`` later plays it through the screen's
``submit``, like a player's PLAY. Everything happens in ``tick`` at times the clock seam gives,
so tests drive it on a fake clock.

Where the rules let another seat act on the computer's turn (the game's ``reactions``: Clacks'
Fault Report cards, played "at any time, on anyone's turn") and a person could, the move is then
held ``Settings.reaction_window_s`` longer (the ``Window``: the board says who may answer, their
seat indicators blink). A person's card tapped meanwhile goes to the game as at a table of
people; once it is applied the computer decides again from the new position. Every other button
and card is the computer's: refused with a sentence (``blocks``).
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from ...game.core.computer import Move, choose, move_rng, to_act
from ...game.core.values import replace
from ...views.reactions import answer_text, played_text, window_text

log = logging.getLogger(__name__)


class Window(NamedTuple):
    """The computer's move held for a person's answer: the engine's (seat, card) pairs a person
    may play now, from ``since`` until ``until``."""

    move: Move
    answers: tuple[tuple[str, str], ...]
    since: float
    until: float

    @property
    def people(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(seat for seat, _ in self.answers))


class ComputerTurn:
    def __init__(self, play) -> None:
        self.play = play  # the PlayScreen
        self.move: Move | None = None  # the move being shown before it is played
        self.window: Window | None = None  # the move held for a person's answer
        self.since = 0.0
        self._key: tuple | None = None  # (actions applied, seat) the shown move was decided for
        self._stalled: tuple | None = None  # the key of a move the engine refused: not tried again
        self._person = False  # a person's input is being handed to the game

    def seat(self) -> str | None:
        """The computer's seat that must act now, if any."""
        if not self.play.in_play:
            return None
        state = self.play.state
        seat = to_act(state)
        return seat if seat is not None and seat in state.config.computer else None

    def answers(self, seat: str) -> tuple[tuple[str, str], ...]:
        """(seat, card) of what the people at the table may play now, on ``seat``'s move."""
        state = self.play.state
        return tuple((s, c) for s, c in state.config.game.reactions(state, seat) if s not in state.config.computer)

    def answering(self) -> bool:
        """A person is choosing for a card they answered with (lamps to flip, a tower)."""
        seat = getattr(self.play.play.shown, "seat", None)
        return seat is not None and seat not in self.play.state.config.computer

    def tick(self, now: float) -> bool:
        """Decide or play the computer's move; False when no computer is to act."""
        play, board = self.play, self.play.board
        seat = self.seat()
        if seat is None or not board.storage.ok:
            self.move = self.window = None
            return seat is not None
        session = play.session
        key = (session.actions, seat)
        if self._stalled == key:
            return True
        if self.move is None or self._key != key:
            state = session.state
            strength = state.config.computer[seat]
            self.move = choose(state, seat, strength, move_rng(state, seat, session.actions))
            self._key, self.since, self.window = key, now, None
            board.message = self.move.why
            board.report(f"{self.move.why} ({strength} computer)")
            return True
        paced = self.since + board.settings.computer_pace_s
        if now < paced or self.answering():
            return True
        if self.window is None:
            wait, answers = board.settings.reaction_window_s, self.answers(seat)
            if wait > 0 and answers:
                self.window = Window(self.move, answers, paced, paced + wait)
                board.message = window_text(self.window)
                board.report(board.message)
                return True
        elif now < self.window.until:
            return True
        move, self.move, self.window = self.move, None, None
        action = move.action
        if getattr(action, "act", None) in ("play", "move", "end") and play.clock.running:
            action = replace(action, time=play.clock.elapsed(now))
        play.play.new_turn()  # whatever a person had begun to choose is dropped
        if not play.submit(action, now):  # the engine refused what the computer saw as legal: never spin on it
            log.error("the computer at %s played %s and was refused", seat, action)
            self._stalled = key
        else:  # said after the new position, which clears what was said about the one before
            board.report(played_text(move))
        return True

    def deadline(self, now: float) -> float | None:
        """When ``tick`` next has a computer move to decide or play."""
        seat = self.seat()
        if seat is None or self._stalled == (self.play.session.actions, seat):
            return None
        if self.move is None:
            return now
        if self.answering():
            return None  # the person's choice, then their PLAY or BACK, comes first
        paced = self.since + self.play.board.settings.computer_pace_s
        return paced if self.window is None or now < paced else self.window.until

    # -- the table while the computer is to act ---------------------------------------------
    def blocks(self, what: str, now: float) -> bool:
        """A button from the table while the computer is to act: refused, said why (a person
        choosing for their answer has the buttons)."""
        seat = self.seat()
        if seat is None or self.answering():
            return False
        self._refuse(what, seat, now)
        return True

    def answerer(self, card: str, actor: str | None, now: float) -> str | None:
        """The person who answers the computer's move with ``card`` (tapped at ``actor``'s
        reader, None: the shared one); None, refused and said why, when nobody at the table may
        play it now."""
        seat = self.seat()
        who = next((s for s, c in self.answers(seat) if c == card and actor in (None, s)), None)
        if who is None:
            self._refuse(card, seat, now)
        return who

    def for_person(self, step) -> None:
        """Do ``step`` (a person's button or card handed to the game) so that ``refuses`` knows
        what it submits comes from the table; an answer it plays is said."""
        seat, before = self.seat(), self.play.session.actions
        self._person = True
        try:
            step()
        finally:
            self._person = False
        if self.play.session.actions > before:
            self.play.board.report(answer_text(self.play.board.recent[-1].seat, seat))

    def refuses(self, action, now: float) -> bool:
        """An action the table's buttons make for the computer's seat (a tower button during a
        person's answer moves the pawn of the seat to act): refused, said why."""
        seat = self.seat()
        if seat is None or not self._person or getattr(action, "seat", None) not in self.play.state.config.computer:
            return False
        self._refuse(getattr(action, "act", "that"), seat, now)
        return True

    def _refuse(self, what: str, seat: str, now: float) -> None:
        self.play.board.error(now, f"{what}: it is the computer's move at {seat}; wait for it.")
