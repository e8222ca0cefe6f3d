"""The games, one object each (competitive, race, solitaire, junior), registered by name.

``game_for(mode)`` (or ``config.game``) is what the board, the pages and the tools ask; see
base.py for what a game answers.
"""

from __future__ import annotations

from ..registry import GAMES, PUBLIC, game_for
from . import competitive, junior, klackers, team  # noqa: F401  (each registers its games)
from .base import Game, Summary, TowerMark, Track

MODES = tuple(GAMES)
CARD_MODES = tuple(name for name, g in GAMES.items() if not g.dice)  # the Clacks games, with cards
VARIANTS = {name: g.variants for name, g in GAMES.items()}

__all__ = ["CARD_MODES", "GAMES", "MODES", "PUBLIC", "VARIANTS", "Game", "Summary", "TowerMark", "Track", "game_for"]
