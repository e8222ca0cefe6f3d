"""Drawing a game of KLACKERS: the roles ``game/klackers/layout.marks`` gives each lamp, button
and seat indicator, in the board's colours (pure, like the renderer)."""

from __future__ import annotations

from ..game.klackers.layout import marks
from . import palette as P

BLINK_S = 0.8


def _blink(now: float) -> bool:
    return (now % BLINK_S) < BLINK_S / 2


def _lamp(role: str, now: float):
    if role == "up":
        return P.NUMBER_UP
    if role == "selected":
        return P.NUMBER_SELECTED if _blink(now) else P.NUMBER_UP
    if role == "one_die":
        return P.ONE_DIE
    kind, weight = role.rsplit("_", 1)
    colour = P.DIE_DOUBLE if weight == "double" else P.DIE_SINGLE
    if kind == "entered":
        return P.DIE_ENTERED if weight == "single" else P.mix(P.DIE_ENTERED, P.DIE_DOUBLE, 0.5)
    return P.scale(colour, P.LAST_ROLL) if kind == "last_roll" else colour


def frame(state, dice_input, over_blink: bool, now: float):
    """(lamps, towers, seats) for the renderer."""
    selected = dice_input.selected if dice_input is not None else 0
    entered = dice_input.entered if dice_input is not None else ()
    m = marks(state, selected, entered)
    lamps = [P.OFF] * 16
    for lamp, role in m["lamps"].items():
        lamps[lamp] = _lamp(role, now)
    towers = {}
    for name, role in m["towers"].items():
        towers[name] = P.FACE_BUTTON if role == "face" else _lamp(role, now)
    seats = {}
    for seat, role in m["seats"].items():
        if role == "turn" or over_blink:
            seats[seat] = P.SEAT[seat]
    return lamps, towers, seats
