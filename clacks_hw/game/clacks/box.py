"""Clacks as the registry finds it (the ``clacks`` entry point in pyproject.toml): the game and
its four modes, in menu order."""

from __future__ import annotations

from ..core.protocol import GameBox
from .modes.competitive import COMPETITIVE
from .modes.junior import JUNIOR
from .modes.team import RACE, SOLITAIRE

BOX = GameBox("clacks", "Clacks", (COMPETITIVE, RACE, SOLITAIRE, JUNIOR))
CLACKS_MODES = BOX.mode_names  # every mode played with the cards of a Clacks edition
