"""Colour names for HIL scripts and for drawing frames side by side: the board's own palette."""

from __future__ import annotations

import re

from clacks_hw.daemon import palette

COLOURS: dict[str, tuple[int, int, int]] = {
    "off": palette.OFF,
    "lamp": palette.LAMP_ON,
    "seat-s": palette.SEAT["S"], "seat-w": palette.SEAT["W"],
    "seat-n": palette.SEAT["N"], "seat-e": palette.SEAT["E"],
    "dwarf": palette.DWARF,
    "preview": palette.PREVIEW,
    "error": palette.ERROR,
    "amber": palette.AMBER,
    "route": palette.ROUTE,
    "setup-on": palette.SETUP_ON,
    "setup-off": palette.SETUP_OFF,
    "white": palette.SETUP_LETTER,
    "discard": palette.DISCARD,
}
LIT = "lit"  # any colour but off
HEX = re.compile(r"^#([0-9a-fA-F]{6})$")
# One character per colour for the drawings (upper case for the seats' own colours).
MARKS = {"off": ".", "lamp": "#", "seat-s": "S", "seat-w": "W", "seat-n": "N", "seat-e": "E", "dwarf": "d",
         "preview": "p", "error": "r", "amber": "a", "route": "o", "setup-on": "+", "setup-off": "-",
         "white": "w", "discard": "x"}


def parse_colour(word: str):
    """``lit``, a palette name, or ``#RRGGBB`` (ValueError otherwise)."""
    w = word.lower()
    if w == LIT:
        return LIT
    if w in COLOURS:
        return COLOURS[w]
    m = HEX.match(word)
    if m:
        return tuple(bytes.fromhex(m.group(1)))
    raise ValueError(word)


def matches(expected, actual) -> bool:
    if expected == LIT:
        return tuple(actual) != palette.OFF
    return tuple(actual) == tuple(expected)


def name_of(rgb) -> str:
    """The palette name of ``rgb``, else ``#RRGGBB``."""
    for name, value in COLOURS.items():
        if tuple(rgb) == value:
            return name
    return "#%02X%02X%02X" % tuple(rgb)


def mark_of(rgb) -> str:
    """One character for ``rgb``: its palette mark, or ``*`` for another lit colour."""
    return MARKS.get(name_of(rgb), "*")
