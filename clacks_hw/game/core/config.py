"""A game's set-up: what every game is told before the first action (its mode, seats, seed,
where its cards or dice are, its variants, the players' names), as one frozen value, and how it is written into a
journal's header and read back.

Each game's set-up is a subclass adding that game's own options (Clacks: the words, the route,
who starts, the Express clock; KLACKERS: how many won rounds), each naming the header keys it
writes (``options_record``) and reading them back (``from_record``). The header's shape is the
journal's (docs/journal.md): the common keys first, ``words`` always (``{}`` in a game without
words to send), then the options, then the players' names.
"""

from __future__ import annotations

import dataclasses
from dataclasses import KW_ONLY, dataclass, field
from typing import Self

from .errors import SetupError
from .registry import GAMES, canonical, game_for  # the registry finds the games; it imports none


@dataclass(frozen=True)
class GameConfig:
    seats: tuple[str, ...]
    _: KW_ONLY
    seed: int = 0
    hands: str = "tracked"
    mode: str = ""
    variants: frozenset[str] = frozenset()
    names: dict[str, str] = field(default_factory=dict)  # seat -> the player's name (names.py); shown only
    computer: dict[str, str] = field(default_factory=dict)  # seat -> strength of its computer player (computer.py)
    # Did the board hint (a card's most useful placement first, whether it sends)? Journalled,
    # so a hinted game can be told apart and a resumed game hints as it began; None: not known
    # (a journal from before it was recorded, a game no board played, a game without hints).
    hints: bool | None = None

    def __post_init__(self) -> None:
        if self.mode and self.mode not in GAMES:  # a mode's old name (an older journal): its name now
            object.__setattr__(self, "mode", canonical(self.mode))

    def has(self, variant: str) -> bool:
        return variant in self.variants

    @property
    def game(self):
        """The game object of ``mode``: its rules, seatings and views (core/protocol.py)."""
        try:  # asked several times an action: one dictionary look-up once the games are loaded
            return GAMES[self.mode]
        except KeyError:
            return game_for(self.mode)

    def normalised(self) -> Self:
        """The same set-up with lists made tuples and sets frozen (a config file or a page
        may hand in lists)."""
        return dataclasses.replace(self, seats=tuple(self.seats), variants=frozenset(self.variants),
                                   names=dict(self.names), computer=dict(self.computer))

    # --- the journal header ---------------------------------------------------------------
    def record(self) -> dict:
        """The set-up keys of a journal header that every game writes, in the header's order."""
        return {"mode": self.mode, "seats": list(self.seats), "words": {}, "hands": self.hands,
                "seed": self.seed, "variants": sorted(self.variants)}

    def options_record(self) -> dict:
        """The header keys of this game's own options (only those that matter)."""
        return {}

    def names_record(self) -> dict:
        """The players' names, after the options, when the table gave any."""
        return {"names": dict(self.names)} if self.names else {}

    def hints_record(self) -> dict:
        """Whether the board hinted, when known."""
        return {} if self.hints is None else {"hints": self.hints}

    def computer_record(self) -> dict:
        """The seats the computer plays, last, when any: a resumed game goes on with them."""
        return {"computer": dict(self.computer)} if self.computer else {}

    @classmethod
    def from_record(cls, record: dict) -> Self:
        """The set-up a checked journal header (or a config file's game) describes; SetupError
        when it holds an option this game cannot take."""
        return cls(seats=tuple(record["seats"]), seed=record["seed"], hands=record["hands"], mode=record["mode"],
                   variants=frozenset(record["variants"]), names=dict(record.get("names") or {}),
                   computer=dict(record.get("computer") or {}), hints=record.get("hints"),
                   **cls.options_from_record(record))

    @classmethod
    def options_from_record(cls, record: dict) -> dict:
        """This game's options from a header (keys left out take their defaults)."""
        return {}


def config_from_record(record: dict) -> GameConfig:
    """The set-up of whichever game ``record["mode"]`` names, from a header; SetupError naming
    the games there are when it names none."""
    try:
        game = game_for(record["mode"])
    except KeyError as exc:
        raise SetupError(f"mode {record['mode']!r}: {exc.args[0]}") from None
    return game.config_type.from_record(record)
