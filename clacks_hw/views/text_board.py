"""A position drawn as plain text for terminals (`clacks-hw replay`, `clacks-hw demo`), whatever
the game: each draws its own (its ``text``); Clacks' is game/clacks/text.py, KLACKERS'
game/klackers/view.py; under it, the decisive moments standing (views/moments.py). A pure function of the state: the same text works in a pipe, a log file
and a test.
"""

from __future__ import annotations

from .moments import moment_lines

ROWS = 24  # the terminal the board's text is drawn for: 80x24


def render(state, *, ascii: bool = False, actions: int | None = None, view: str | None = None) -> str:
    """``view``: draw only what the player at that seat may see (others' hands hidden);
    ``ascii``: lamps as '#'/'.' for terminals without UTF-8."""
    text = state.config.game.text(state, ascii=ascii, actions=actions, viewer=view)
    room = ROWS - 1 - text.count("\n")  # a line of the 24 is the demo's move or the prompt
    lines = moment_lines(state, room)  # the decisive moments, in the words every display uses
    return text + "".join(line + "\n" for line in lines)
