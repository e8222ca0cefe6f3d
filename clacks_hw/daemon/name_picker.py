"""Players' initials entered on the board itself: a small letter picker on the set-up's seats
page, for a table without a phone. A pure value, like the set-up menu that holds it.

TURN on the seats page opens it at the first seat (whose indicator blinks); the setup tower
spells the letter on offer. NEXT and PREV change the letter, TURN adds it to the seat's
initials (three at most), BACK takes the last one off (with none left: back to the seat
before, and from the first seat back to the seats page), PLAY goes on to the next seat; PLAY
at the last seat goes on as PLAY on the seats page does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.core.names import INITIALS
from ..game.core.values import replace

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class NamePicker:
    seats: tuple[str, ...]
    names: tuple[str, ...]  # each seat's initials so far ("": none), in seat order
    index: int = 0  # the seat being named
    cursor: int = 0  # the letter on offer

    @classmethod
    def start(cls, seats, names: dict) -> NamePicker:
        return cls(tuple(seats), tuple(names.get(s, "") for s in seats))

    @property
    def seat(self) -> str:
        return self.seats[self.index]

    @property
    def letter(self) -> str:
        return LETTERS[self.cursor]

    @property
    def last(self) -> bool:
        return self.index == len(self.seats) - 1

    def given(self) -> tuple[tuple[str, str], ...]:
        """(seat, initials) of every seat given some."""
        return tuple((s, n) for s, n in zip(self.seats, self.names) if n)

    def step(self, delta: int) -> NamePicker:
        return replace(self, cursor=(self.cursor + delta) % len(LETTERS))

    def add(self) -> NamePicker:
        mine = self.names[self.index]
        if len(mine) >= INITIALS:
            return self
        return self._set(mine + self.letter)

    def delete(self) -> NamePicker | None:
        """The last letter off; None: nothing left to take off at the first seat (leave)."""
        mine = self.names[self.index]
        if mine:
            return self._set(mine[:-1])
        return replace(self, index=self.index - 1) if self.index else None

    def next_seat(self) -> NamePicker | None:
        """The next seat; None after the last one (done)."""
        return None if self.last else replace(self, index=self.index + 1, cursor=0)

    def _set(self, initials: str) -> NamePicker:
        names = list(self.names)
        names[self.index] = initials
        return replace(self, names=tuple(names))

    def describe(self) -> str:
        shown = " ".join(f"{s}={n or '-'}" for s, n in zip(self.seats, self.names))
        return (f"names {shown}; naming {self.seat}: letter {self.letter} (NEXT/PREV change it, TURN adds it, "
                "BACK takes one off, PLAY: next seat)")
