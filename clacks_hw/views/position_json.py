"""A position as a JSON object, whatever the game: what `clacks-hw replay --json` prints, the
pages show and tools script against. Each game draws its own (its ``position``, as one viewer
may see it: core/view.py); Clacks' is in game/clacks/position.py, KLACKERS' in
game/klackers/view.py.
"""

from __future__ import annotations

from ..game.core.table import board_bits  # noqa: F401  (the pages draw lamps with it)
from ..game.core.view import PUBLIC  # noqa: F401  (the pages import the public viewer from here)


def position_json(state, actions: int | None = None, view: str | None = None) -> dict:
    """The position; ``view`` = a seat: what that player may see (others' hands hidden);
    PUBLIC: what everybody may see; None: everything (the journal tools)."""
    return state.config.game.position(state, view, actions)
