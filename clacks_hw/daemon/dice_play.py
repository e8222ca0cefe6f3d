"""The board's buttons in a dice game (KLACKERS): a mixin of the play screen (screens/play.py).

The tower buttons select numbers (or key in real dice), PLAY pulls or rolls, TURN rolls one
die, BACK clears (``klackers_input``). Each action goes through the screen's ``submit``
(journalled before it is shown); a refused one flashes the seat indicators red with the
engine's sentence, and the selection stays so the player can correct it. Cards mean nothing
in a dice game.
"""

from __future__ import annotations

from ..game.klackers.view import narrate
from .klackers_input import KlackersInput


class DicePlay:
    dice_input: KlackersInput | None = None

    def _dice_game(self) -> bool:
        return self.session is not None and self.session.state.config.game.dice

    def _dice_button(self, name: str, now: float) -> None:
        self.dice_input, action = (self.dice_input or KlackersInput()).press(name, self.session.state)
        if action is not None and self.submit(action, now):
            self.dice_input = KlackersInput()

    def _narrate(self, before, action, after) -> str:
        return narrate(before, action, after)
