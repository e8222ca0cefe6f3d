"""The games, one object each (competitive, race, solitaire, junior), registered by name.

``game_for(mode)`` (or ``config.game``) is what the board, the pages and the tools ask; see
base.py for what a game answers.
"""

from __future__ import annotations

from ..registry import GAMES, PUBLIC, game_for
from . import competitive, junior, team  # noqa: F401  (each registers its games)
from .base import Game, TowerMark, Track

MODES = tuple(GAMES)
VARIANTS = {name: g.variants for name, g in GAMES.items()}

__all__ = ["GAMES", "MODES", "PUBLIC", "VARIANTS", "Game", "TowerMark", "Track", "game_for"]
