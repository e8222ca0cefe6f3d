"""Which edition each game's box is played with: the one the game ships, or the owner's own
(the config's ``editions.NAME``, read by the game's own ``GameBox.open_edition``).

The board asks this, never which game is in play: ``of(box)`` for the edition a box's cards are
checked against (the enrolment), ``record(mode)`` for the set-up keys that make a new game play
with the owner's edition (``Game.edition_record``: the journal's header then carries it, so a
resumed or replayed game keeps the cards it began with).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .registry import box_of, game_for


@dataclass(frozen=True)
class Editions:
    owners: Mapping[str, object] = field(default_factory=dict)  # box name -> the owner's edition
    paths: Mapping[str, str] = field(default_factory=dict)  # box name -> the file it was read from

    def of(self, box):
        """The edition ``box`` (a GameBox with printed cards) is played with."""
        return self.owners[box.name] if box.name in self.owners else box.edition()

    def chosen(self, box) -> str | None:
        """Where the owner's edition of ``box`` was read from; None: the game's own."""
        return self.paths.get(box.name)

    def record(self, mode: str) -> dict:
        """The set-up keys a new game of ``mode`` takes to play with the owner's edition of its
        box; none when the owner chose none (the game's own default)."""
        box = box_of(mode)
        if box.name not in self.owners:
            return {}
        return game_for(mode).edition_record(self.owners[box.name])


SHIPPED = Editions()  # every game with the edition it ships
