"""The seats as every page names and colours them (the colours the board lights them in)."""

from __future__ import annotations

from ..daemon import palette
from ..game.core.table import TOWER_COLOUR

SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}


def _hex(rgb) -> str:
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"


SEATS_JSON = {
    seat: {"name": SEAT_NAMES[seat], "colour": _hex(palette.SEAT[seat]), "towers": TOWER_COLOUR[seat]}
    for seat in SEAT_NAMES
}
