"""An edition: the game's data (alphabet, jacquards, cards, words, start layout).

Loaded from a folder of TOML files (see ``edition_files``) into these frozen objects,
validated whole before anything uses them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import TOWER_BY_NAME, signal_mask
from .effects import Effect

SPELLING_TOWER = TOWER_BY_NAME["R2"].index  # where the board spells a letter, read from seat S


@dataclass(frozen=True)
class Shape:
    name: str
    holes: tuple[tuple[int, int], ...]
    cost: int
    placements: tuple[int, ...]  # every distinct 16-bit mask it can flip


@dataclass(frozen=True)
class Jacquard:
    id: str
    shape: Shape
    stamp: bool

    @property
    def cost(self) -> int:
        return self.shape.cost


@dataclass(frozen=True)
class Card:
    """A Fault Report, Incident Report or Operator's Log card."""

    id: str
    deck: str  # "fault" | "incident" | "log"
    name: str
    text: str
    effects: tuple[Effect, ...]
    night_shift: tuple[Effect, ...]  # effects when revealed in Night Shift / Junior

    def __str__(self) -> str:
        return f"{self.id} {self.name}"


@dataclass(frozen=True)
class Edition:
    name: str
    signals: dict[str, int]  # signal name -> 6 bits as its sender sees it (bit 2*row+col)
    shapes: dict[str, Shape]
    jacquards: dict[str, Jacquard]  # J01.. in deck order
    cards: dict[str, Card]  # F.., I.., L..
    words: tuple[str, ...]
    start: int  # 16-bit start layout
    selected: tuple[str, ...]  # co-op face-up shapes on the Incident Report cards
    fingerprint: str
    path: str = field(default="", compare=False)

    def deck(self, name: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.deck == name)

    def spell(self, word: str) -> tuple[str, ...]:
        """The signals that send ``word`` (its letters)."""
        return tuple(word)

    def spelled(self, letter: str) -> int:
        """The lamps that spell ``letter`` on the board (16-bit mask; 0 for no such signal): on
        tower R2, read from seat S, as the board spells set-up choices and pairing codes."""
        bits = self.signals.get(letter)
        return 0 if bits is None else signal_mask("S", SPELLING_TOWER, bits)

    def card_label(self, card_id: str) -> str:
        if card_id in self.jacquards:
            j = self.jacquards[card_id]
            return f"{card_id} ({j.shape.name}, {j.cost})"
        if card_id in self.cards:
            return f"{card_id} {self.cards[card_id].name}"
        return card_id


def signal_text(bits: int) -> str:
    """A 6-bit signal back in the alphabet file's notation, e.g. '../#./.#'."""
    rows = []
    for r in range(3):
        rows.append("".join("#" if bits >> (2 * r + c) & 1 else "." for c in range(2)))
    return "/".join(rows)
