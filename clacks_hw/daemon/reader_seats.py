"""Which seat a card reader belongs to (one shared reader, or one reader per seat: docs/config.md).

``reader.seats`` in the config is a list: reader 0 sits at ``seats[0]``, reader 1 at
``seats[1]``, ... (at most the four seats, each once). An empty list means one shared reader:
a tap there is made by whoever the game expects. With a per-seat reader the reader says who
tapped: a Fault Report card is played by that seat, and a jacquard or report card tapped at
another seat's reader during someone's turn is refused.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from ..game.core.table import SEATS

log = logging.getLogger(__name__)


class ReaderSeats:
    def __init__(self, seats: Sequence[str] | Mapping[int, str] | None = None) -> None:
        if seats is None:
            table: dict[int, str] = {}
        elif isinstance(seats, Mapping):
            table = {int(k): str(v) for k, v in seats.items()}
        else:
            table = dict(enumerate(seats))
        for reader, seat in table.items():
            if seat not in SEATS:
                raise ValueError(f"reader {reader}: {seat!r} is not a seat (S, W, N, E)")
        self.table = table
        self._warned: set[int] = set()

    @property
    def shared(self) -> bool:
        return not self.table

    def seat_of(self, reader: int | None) -> str | None:
        """The seat at ``reader``; None for a shared reader (or one the mapping does not list,
        which is then treated as shared, with one warning)."""
        if not self.table or reader is None:
            return None
        seat = self.table.get(reader)
        if seat is None and reader not in self._warned:
            self._warned.add(reader)
            log.warning("card reader %s has no seat in reader.seats: its taps count as a shared reader's",
                        reader)
        return seat
