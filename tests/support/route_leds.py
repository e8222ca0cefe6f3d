"""The co-op and junior routes on the tower buttons, as the board lights them (the game's
lights, game/clacks/board_play/lights.py, in the board's palette): for tests that check a page
or a frame against them."""

from __future__ import annotations

from clacks_hw.daemon import palette as P
from clacks_hw.drivers.frame import TOWERS
from clacks_hw.game.clacks.board import COLOUR
from clacks_hw.game.clacks.modes.team import route_reached


def route_leds(sent: int, length: int) -> dict[str, tuple]:
    """Co-op: the route towers reached, lit in order R1..R6, G1..G6."""
    return {TOWERS[k]: P.ROUTE for k in range(route_reached(sent, length))}


def junior_leds(seat: str, sent: int, length: int) -> dict[str, tuple]:
    """Junior: ``seat``'s progress on the six buttons of its colour, two route towers each."""
    reached = route_reached(sent, length)
    names = [n for n in TOWERS if n[0] == COLOUR[seat][0].upper()]
    return {name: P.colour(("seat_half" if reached == 2 * k + 1 else "seat", seat))
            for k, name in enumerate(names) if reached >= 2 * k + 1}
