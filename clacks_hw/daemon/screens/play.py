"""A game in play: buttons and cards become the game's actions, through the one way an action
reaches the engine (``submit``: journalled first, then applied, then said).

What a button or a card means, and what the board lights, is the game's: the screen asks the
game object for its ``BoardPlay`` (game/core/board.py) and hands it every press and tap; the
game answers by asking the screen, its ``Table``, to submit an action, say something or show
a refusal. The screen names no game. It keeps the Express clock (turn_clock.py), says what
happened after each action, and moves on: PREV+NEXT held asks whether to abandon the game
(confirm.py); the end of the game shows it (over.py).
"""

from __future__ import annotations

import logging

from ...game.core.rejection import Rejection
from ...journal import JournalError
from .base import Screen
from .computer import ComputerTurn
from .confirm import ConfirmScreen
from .over import OverScreen
from .turn_clock import TurnClock

log = logging.getLogger(__name__)


class PlayScreen(Screen):
    name = "game"

    def __init__(self, board, now: float, session) -> None:
        super().__init__(board, now)
        self.session = session
        config = session.state.config
        self.play = config.game.board_play(hints=board.hints_on(config))  # the game's input in progress
        self.clock = TurnClock(self, now)
        self.computer = ComputerTurn(self)  # a computer player's moves (computer.py)

    @property
    def state(self):
        return self.session.state

    # -- inputs ----------------------------------------------------------------------------
    def press(self, button: str, now: float) -> None:
        if self.computer.seat() is None:
            self.play.press(self, button, now)
        elif not self.computer.blocks(button, now):  # a person choosing for their answer
            self.computer.for_person(lambda: self.play.press(self, button, now))

    def tap(self, card: str, reader: int | None, now: float) -> None:
        actor = self.board.readers.seat_of(reader)
        if self.computer.seat() is None:
            self.play.tap(self, card, actor, now)
            return
        person = self.computer.answerer(card, actor, now)  # the computer's move: only an answer
        if person is not None:
            self.computer.for_person(lambda: self.play.tap(self, card, person, now))

    def reset(self, now: float) -> None:
        self.play.new_turn()  # whatever was being chosen is dropped
        self.board.go(ConfirmScreen(self.board, now, self), now)

    def tick(self, now: float) -> None:
        self.clock.tick(now)
        if self.in_play and not self.computer.tick(now) and self.in_play:
            self.play.waiting(self, now)

    def resume(self, since: float, now: float) -> None:
        self.clock.started += now - since  # Express: the turn stood still during the fault

    @property
    def takes_cards(self) -> bool:
        return self.play.takes_cards

    def busy(self) -> str | None:
        return "a game is in play: abandon it first"

    def time_out(self, elapsed: float, now: float) -> bool:
        return self.submit(self.play.timeout(self.state, elapsed), now)

    def deadline(self, now: float) -> float | None:
        return min((t for t in (*self.clock.deadlines(), self.computer.deadline(now)) if t is not None),
                   default=None)

    def shows(self, now: float) -> dict:
        return {"state": self.state, "play": self.play, "preview": self.play.shown,
                "express_started": self.clock.started_if_running(), "computer": self.computer.move,
                "reaction": self.computer.window}

    # -- the Table the game acts through (game/core/board.py) -------------------------------
    @property
    def in_play(self) -> bool:
        return self.board.current is self

    def elapsed(self, now: float) -> float | None:
        return self.clock.elapsed(now)

    def submit(self, action, now: float) -> bool:
        """The one way an action reaches the engine: True when it was accepted and journalled."""
        board = self.board
        if self.computer.refuses(action, now):  # a person's buttons cannot act for the computer
            return False
        before = self.session.state
        try:
            result = self.session.apply(action)
        except (JournalError, OSError) as exc:  # not on disk, so not applied: the fault screen keeps
            board.storage_failed(exc, now, again=lambda later: self.submit(action, later))  # it for later
            return False
        if isinstance(result, Rejection):
            board.rejected(action, result, now)
            return False
        board.accepted(action)
        board.flash_signal(before, result, now)
        if self.clock.accepted(result, now):
            self.play.new_turn()
        said = self.play.accepted(self, before, action, result, now)
        if result.over:
            log.info("game over: %s won (journal %s)", result.winner, self.session.path)
            board.go(OverScreen(board, now, play=self.play), now)  # its die still running
        board.status(said)
        return True

    def refuse(self, action, rejection: Rejection, now: float) -> None:
        self.board.rejected(action, rejection, now)

    def error(self, now: float, sentence: str) -> None:
        self.board.error(now, sentence)

    def say(self, sentence: str, message: str | None = None) -> None:
        if message is not None:
            self.board.message = message
        self.report(sentence)

    def say_position(self) -> None:
        self.board.status()

    def public(self, rejection: Rejection) -> str:
        return self.board.public(rejection)
