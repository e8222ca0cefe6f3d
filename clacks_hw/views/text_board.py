"""A position drawn as plain text for terminals (`clacks-hw replay`, `clacks-hw demo`), whatever
the game: each draws its own (its ``text``); Clacks' is game/clacks/text.py, KLACKERS'
game/klackers/view.py. A pure function of the state: the same text works in a pipe, a log file
and a test.
"""

from __future__ import annotations


def render(state, *, ascii: bool = False, actions: int | None = None, view: str | None = None) -> str:
    """``view``: draw only what the player at that seat may see (others' hands hidden);
    ``ascii``: lamps as '#'/'.' for terminals without UTF-8."""
    return state.config.game.text(state, ascii=ascii, actions=actions, viewer=view)
