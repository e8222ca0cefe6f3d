"""What a game asks the board to light, in words the board turns into colours.

A game that is not played on the lamps themselves (Guards! Guards! is played on a printed map;
the board keeps its ledger and its secrets) says what each lamp, tower button and seat indicator
shows as a *role*: "dragon", "run", "seat:S". The board's palette (daemon/palette.py) gives each
role its colour and daemon/lights_frame.py draws it, blinking what blinks, so the engine keeps no
colours and no clock, and the board's screens never ask which game this is. Everything here is
computed from the state: the public state only, since the lamps are on the table for all to see.
"""

from __future__ import annotations

from typing import NamedTuple


class Light(NamedTuple):
    role: str  # a palette role ("dragon", "run", "sabotage", ...) or "seat:S" (a seat's own colour)
    blink: bool = False
    dim: bool = False  # a quarter as bright: what has been, or is still to come


class Lights(NamedTuple):
    """Lamps by index (``4*row + col``), tower buttons and seat indicators by name; what is not
    named is dark."""

    lamps: dict[int, Light]
    towers: dict[str, Light]
    seats: dict[str, Light]


def seat_role(seat: str) -> str:
    return f"seat:{seat}"
