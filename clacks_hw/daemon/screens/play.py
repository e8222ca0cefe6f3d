"""A game in play: buttons and cards become the game's actions, through the one way an action
reaches the engine (``submit``: journalled first, then shown).

What a button or a card means is the game's: Clacks' tower buttons move pawns and jacquards
preview where they would flip (card_input.py), KLACKERS' buttons select numbers and roll
(dice_play.py). The screen keeps the game's input in progress (``preview``, ``swap``,
``dice_input``), the Express clock (turn_clock.py), and says what happened after each action.
PREV+NEXT held asks whether to abandon the game (confirm.py); the end of the game shows it
(over.py).
"""

from __future__ import annotations

import logging

from ...game.clacks.actions import Action
from ...game.clacks.board import TOWER_BY_NAME, TOWERS
from ...game.core.rejection import Rejection
from ...journal import JournalError
from ..card_input import CardInput
from ..dice_play import DicePlay
from .base import Screen
from .computer import ComputerTurn
from .confirm import ConfirmScreen
from .over import OverScreen
from .turn_clock import TurnClock

log = logging.getLogger(__name__)


class PlayScreen(CardInput, DicePlay, Screen):
    name = "game"

    def __init__(self, board, now: float, session) -> None:
        super().__init__(board, now)
        self.session = session
        self.preview = None  # a card being placed (preview.Preview)
        self.swap = None  # a co-op swap being put together (swap_flow.SwapFlow)
        self.dice_input = None  # KLACKERS: the numbers selected, the faces keyed in
        self.clock = TurnClock(self, now)
        self.computer = ComputerTurn(self)  # a computer player's moves (computer.py)

    @property
    def state(self):
        return self.session.state

    @property
    def in_play(self) -> bool:
        return self.board.current is self

    # -- inputs ----------------------------------------------------------------------------
    def press(self, button: str, now: float) -> None:
        if self.computer.blocks(button, now):
            return
        if self._dice_game():
            self._dice_button(button, now)
        elif self.swap is not None:
            self._swap_button(self.state, button, now)
        else:
            self._card_button(button, now)

    def tap(self, card: str, reader: int | None, now: float) -> None:
        if self.computer.blocks(card, now):
            return
        if self._dice_game():
            self.board.error(now, f"{card}: cards mean nothing in {self.state.config.game.title}.")
            return
        self._game_tap(card, self.board.readers.seat_of(reader), now)

    def reset(self, now: float) -> None:
        self.preview = None
        self.swap = None
        self.board.go(ConfirmScreen(self.board, now, self), now)

    def tick(self, now: float) -> None:
        self.clock.tick(now)
        if self.board.current is self and self.computer.tick(now):
            return
        if self.board.current is self and self.preview is None and self.swap is None and not self._dice_game():
            self._pending_choice(now)

    def storage_back(self, now: float) -> None:
        self.clock.started = now  # Express: the turn stood still while nothing could be recorded

    def deadline(self, now: float) -> float | None:
        return min((t for t in (*self.clock.deadlines(), self.computer.deadline(now)) if t is not None),
                   default=None)

    def shows(self, now: float) -> dict:
        shown = self.swap.display(self.edition) if self.swap is not None else self.preview
        return {"state": self.state, "preview": shown, "express_started": self.clock.started_if_running(),
                "dice_input": self.dice_input, "computer": self.computer.move}

    def _card_button(self, name: str, now: float) -> None:
        state, p = self.state, self.preview
        if name in TOWER_BY_NAME:
            tower = TOWER_BY_NAME[name].index
            if p is not None and p.choose == "tower":
                self.preview = p.pick_tower(tower)
            elif state.config.game.pawns:
                self.preview = None
                self.submit(Action(state.turn.seat, "move", tower=tower, time=self.clock.elapsed(now)), now)
        elif name in ("NEXT", "PREV"):
            if p is not None:
                self.preview = p.step(1 if name == "NEXT" else -1)
        elif name == "TURN":
            if p is not None:
                self.preview = p.turn()
        elif name == "BACK":
            if p is not None:
                self.preview = None
                self.board.status()  # the state again, in place of the preview's hint
        elif name == "PLAY":
            if p is None:
                self.submit(Action(state.turn.seat, "end", time=self.clock.elapsed(now)), now)
            elif not p.affordable:
                self.board.error(now, f"{self.edition.card_label(p.card)} costs more than the "
                                      f"{state.turn.left} stress points left.")
            else:
                action = Action(p.seat, p.act, card=p.card, time=self.clock.elapsed(now) if p.act == "play" else None,
                                **p.action_fields())
                if self.submit(action, now):
                    self.preview = None

    def time_out(self, elapsed: float, now: float) -> bool:
        return self.submit(Action(self.state.turn.seat, "timeout", time=elapsed), now)

    # -- the engine ------------------------------------------------------------------------
    def submit(self, action, now: float) -> bool:
        """The one way an action reaches the engine: True when it was accepted and journalled."""
        board = self.board
        before = self.session.state
        try:
            result = self.session.apply(action)
        except (JournalError, OSError) as exc:  # not on disk, so not applied: refuse it aloud
            board.error(now, board.storage.failed(exc, now))
            return False
        if isinstance(result, Rejection):
            board.rejected(action, result, now)
            return False
        board.accepted(action)
        self.dice_input = None  # a dice game's selection is spent
        sent = board.flash_signal(before, result, now)
        if self.clock.accepted(result, now):
            self.preview = None
            self.swap = None
        said = self._said(before, action, result, sent)
        if result.over:
            log.info("game over: %s won (journal %s)", result.winner, self.session.path)
            said = self._joined(said, f"Game over: {result.winner} won.")
            self.preview = None
            board.go(OverScreen(board, now), now)
        board.status(said)
        return True

    def _said(self, before, action, result, sent) -> str:
        if self._dice_game():
            return self._narrate(before, action, result)
        return f"{sent[0]} transmitted from {TOWERS[sent[1]].name}!" if sent else ""

    def _joined(self, said: str, more: str) -> str:
        return f"{said}\n{more}" if self._dice_game() else f"{said} {more}".strip()
