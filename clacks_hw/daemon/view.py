"""What the board should show, as data: the controller builds it, the renderer draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .setup_menu import SetupMenu

# The screens by name: screen_names.py (resume / refused: after a restart, screens/resume.py)


@dataclass(frozen=True)
class Flash:
    """A transmission: ``mask`` flashes in ``colour`` from ``since`` for ``seconds``."""

    mask: int
    colour: tuple[int, int, int]
    since: float
    seconds: float


@dataclass(frozen=True)
class View:
    screen: str
    state: object = None  # the game (the demo game in attract; the older game offered in resume)
    play: object = None  # the game's input in progress (a core/board.py BoardPlay): what it lights
    preview: object = None  # a card being placed, for the status page (the game's ``shown``)
    setup: SetupMenu | None = None
    flash: Flash | None = None
    error_since: float | None = None  # a brief red flash (unknown tag, rejected action)
    error_seconds: float = 0.6
    express_started: float | None = None  # Express: when the turn's clock started
    express_seconds: float | None = None  # Express: the turn's length (None: no timed turn)
    reader_offline: bool = False
    leds_failing: bool = False
    storage_full: bool = False  # the journal cannot be written: actions are refused
    screen_since: float = 0.0
    pairing: object = None  # the pairing code's letter and places (screens/pairing.py's PairingLights)
    phones_flash: tuple[int, int, int] | None = None  # a phone paired (green) or every phone forgotten (orange)
    computer: object = None  # a computer player's move shown before it is played (core/computer.py's Move)
    reaction: object = None  # that move held for a person's answer (screens/computer.py's Window)
    spell: Callable[[str], int] | None = field(default=None, compare=False)  # a letter -> the lamps spelling it
