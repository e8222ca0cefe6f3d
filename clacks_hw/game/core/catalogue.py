"""What a page needs to know of the games without loading their rules: each mode's name, what
its game calls it and its variants, in menu order.

The hall checks and titles every board's messages with it, and must stay small (60 MB with 16
boards and 100 viewers): loading every game's rules through the registry costs it about 3 MB.
So for the games this package ships it reads :data:`BUILT_IN` (tests/game/test_catalogue.py
fails when it differs from what the games themselves say); as soon as a game from another
package is installed (an entry point of another distribution, found without importing it),
it asks the registry, which loads them all, so a plugin's modes count in a hall as on a board.
"""

from __future__ import annotations

import os
from importlib import metadata

from . import registry

# (mode, label, variants) in menu order: what registry.GAMES says of the games of this package
BUILT_IN = (
    ("competitive", "Competitive", ("express", "long_message", "quick")),
    ("race", "Race to Genua", ("night_shift", "long_distance")),
    ("solitaire", "Solitaire", ("night_shift",)),
    ("junior_race", "Junior Race", ()),
    ("klackers", "KLACKERS", ("hughie", "klack_to_win", "klack_worth_two")),
    ("guards", "Guards! Guards!", ()),
)
OLD_NAMES = {"junior": "junior_race"}  # what registry.OLD_NAMES says of this package's games
_FOUND: list = []


def from_registry() -> tuple:
    return tuple((g.name, g.label, tuple(g.variants)) for g in registry.GAMES.values()) if registry.modes() else ()


def entries() -> tuple:
    """(mode, label, variants) of every game installed, in menu order."""
    if not _FOUND:
        plugins = os.environ.get("CLACKS_HW_PLUGINS", "1") != "0" and any(
            registry._dist(p) != registry.BUILT_IN for p in metadata.entry_points(group=registry.GROUP))
        _FOUND.append(from_registry() if plugins else BUILT_IN)
    return _FOUND[0]


def modes() -> tuple[str, ...]:
    return tuple(mode for mode, _, _ in entries())


def variants() -> dict[str, tuple[str, ...]]:
    return {mode: v for mode, _, v in entries()}


def old_names() -> dict[str, str]:
    """A mode's old name -> its name now (a board of an older version still says the old one)."""
    return OLD_NAMES if entries() is BUILT_IN else dict(registry.OLD_NAMES)


def label(mode: str) -> str:
    """What the mode's game calls itself (a mode no installed game plays, or a game without a
    label: its name)."""
    mode = old_names().get(mode, mode)
    return next((lab for m, lab, _ in entries() if m == mode), "") or mode
