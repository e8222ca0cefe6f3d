"""The board's buttons in a dice game (KLACKERS): a mixin of the Controller.

The tower buttons select numbers (or key in real dice), PLAY pulls or rolls, TURN rolls one
die, BACK clears (``klackers_input``). Each action goes through the session (journalled before
it is shown); a refused one flashes the seat indicators red with the engine's sentence, and
the selection stays so the player can correct it. Cards mean nothing in a dice game.
"""

from __future__ import annotations

import logging

from ..game.core.rejection import Rejection
from ..game.klackers.view import narrate
from .klackers_input import KlackersInput

log = logging.getLogger(__name__)


class DicePlay:
    dice_input: KlackersInput | None = None

    def _dice_game(self) -> bool:
        return self.session is not None and self.session.state.config.game.dice

    def _dice_button(self, name: str, now: float) -> None:
        state = self.session.state
        self.dice_input, action = (self.dice_input or KlackersInput()).press(name, state)
        if action is not None:
            self._dice_apply(action, now)

    def _dice_apply(self, action, now: float) -> bool:
        """Apply a dice game's action (the buttons', or a computer player's): True when accepted."""
        state = self.session.state
        result = self.session.apply(action)
        if isinstance(result, Rejection):
            self._rejected(action, result, now)
            return False
        log.info("accepted: %s", action)
        self.message = ""
        self.dice_input = KlackersInput()
        extra = narrate(state, action, result)
        if result.over:
            log.info("game over: %s won (journal %s)", result.winner, self.session.path)
            extra += f"\nGame over: {result.winner} won."
            self._go("over", now)
        self._status(extra)
        return True
