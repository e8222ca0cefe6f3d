"""Clacks' four modes in menu order: what the game's box registers (../box.py) and what an
edition's deck must be large enough to deal (../edition_files.py)."""

from __future__ import annotations

from .competitive import COMPETITIVE
from .junior import JUNIOR
from .team import RACE, SOLITAIRE

MODES = (COMPETITIVE, RACE, SOLITAIRE, JUNIOR)
