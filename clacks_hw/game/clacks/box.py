"""Clacks as the registry finds it (the ``clacks`` entry point in pyproject.toml): the game and
its four modes, in menu order."""

from __future__ import annotations

from ..core.protocol import GameBox
from .edition_files import default_edition
from .modes.menu import MODES

BOX = GameBox("clacks", "Clacks", MODES, edition=default_edition)
CLACKS_MODES = BOX.mode_names  # every mode played with the cards of a Clacks edition
