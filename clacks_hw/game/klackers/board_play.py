"""KLACKERS on the lit board (core/board.py): the buttons select numbers and roll
(buttons.py), cards mean nothing, and the lights are the roles ``layout.marks`` gives each
lamp, button and seat indicator. A refused action blinks red with the engine's sentence and
the selection stays, so the player can correct it; an accepted one is narrated (view.py)."""

from __future__ import annotations

from ..core.board import BoardPlay, Lights, blink_on, next_edge
from .buttons import KlackersInput
from .layout import marks
from .view import narrate


def _role(role: str, now: float):
    if role in ("up", "one_die", "face"):
        return (role,)
    if role == "selected":
        return ("selected",) if blink_on(now, 0.0) else ("up",)
    kind, weight = role.rsplit("_", 1)  # entered_single, dice_double, last_roll_single ...
    return ("die", kind, weight)


class KlackersPlay(BoardPlay):
    def __init__(self) -> None:
        self.input = KlackersInput()  # the numbers selected, the faces keyed in

    def press(self, table, button: str, now: float) -> None:
        self.input, action = self.input.press(button, table.state)
        if action is not None and table.submit(action, now):
            self.input = KlackersInput()

    def progress(self):
        return self.input

    def accepted(self, table, before, action, after, now: float) -> str:
        said = narrate(before, action, after)
        return f"{said}\nGame over: {after.winner} won." if after.over else said

    def lights(self, state, now: float, since: float = 0.0) -> Lights:
        m = marks(state, self.input.selected, self.input.entered)
        lamps = {lamp: _role(role, now) for lamp, role in m["lamps"].items()}
        towers = {name: _role(role, now) for name, role in m["towers"].items()}
        over_on = state.over and blink_on(now, since, 1.0)
        seats = {seat: ("seat", seat) for seat, role in m["seats"].items() if role == "turn" or over_on}
        times = []
        if self.input.selected:
            times.append(next_edge(now, 0.0))
        if state.over:
            times.append(next_edge(now, since, 1.0))
        return Lights(lamps, towers, seats, turn=None if state.over else state.seat,
                      changes_at=min(times) if times else None)
