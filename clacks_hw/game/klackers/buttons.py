"""The board's buttons in a game of KLACKERS (docs/klackers.md, "On the board").

A pure value: each press gives the next input and, when PLAY or TURN asks for one, the action
to submit. Whether the action is allowed is for the engine to say; a refused one blinks red
and the selection stays, so the player can correct it.

- a roll waiting for its numbers: the number buttons (R1..R6, G1..G3 = 1..9) select and
  unselect numbers, PLAY pulls them, BACK clears the selection;
- a roll to make, dice rolled by the board: PLAY rolls (two dice; one in the opening roll),
  TURN rolls one die (the one-die option);
- a roll to make, dice rolled at the table: R1..R6 key in the faces (a third press starts
  again), PLAY enters them as the roll, TURN as the one-die roll, BACK clears them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import KlackersAction
from .layout import TOWER_FACE, TOWER_NUMBER
from .state import KlackersState


@dataclass(frozen=True)
class KlackersInput:
    selected: int = 0  # numbers chosen to pull (9-bit mask)
    entered: tuple[int, ...] = ()  # faces keyed in for a roll at the table

    def press(self, name: str, state: KlackersState) -> tuple[KlackersInput, KlackersAction | None]:
        if state.over:
            return self, None
        seat = state.seat
        if state.dice:
            if name in TOWER_NUMBER:
                return KlackersInput(selected=self.selected ^ 1 << (TOWER_NUMBER[name] - 1)), None
            if name == "PLAY":
                return self, KlackersAction(seat, "pull", numbers=self.selected or None)
            if name == "BACK":
                return KlackersInput(), None
            return self, None
        physical = state.config.hands == "physical"
        if name in ("PLAY", "TURN"):
            act = "roll" if name == "PLAY" else "roll_one"
            return self, KlackersAction(seat, act, dice=self.entered if physical else None)
        if physical and name in TOWER_FACE:
            faces = self.entered if len(self.entered) < 2 else ()
            return KlackersInput(entered=faces + (TOWER_FACE[name],)), None
        if name == "BACK":
            return KlackersInput(), None
        return self, None
