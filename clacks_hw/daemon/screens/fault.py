"""A fault: the card reader is lost in a game played with cards, or the journal cannot be
written. The game underneath stands still, nothing lost, and goes on when the fault clears, as
a chess board that lost its clock connection waits for it (PicoChess, Phoniebox).

- ``reader``: the seat indicators pulse amber over the game's lamps. The reader's own thread
  reconnects by itself (the hub is retried with a backoff); when the reader is back, the game
  goes on where it stood: the same turn, a card being placed still placed, an Express turn's
  clock where it stopped.
- ``storage``: the tower buttons blink white. Every ``storage_retry_s`` seconds, and at once
  on PLAY, the board tries to write again; what met the full disk (an action, a clock line,
  the start of a game) is kept and done once there is room: journalled once, then applied.

Both at once are one fault screen; it leaves when the last clears. Meanwhile every other
button and card is refused with the fault's sentence; the abandon question is not asked.
"""

from __future__ import annotations

import logging

from .base import Screen

log = logging.getLogger(__name__)

READER_TEXT = ("Card reader lost: the game waits, nothing is lost. Check the reader's cable; the board "
               "finds it again by itself.")


class FaultScreen(Screen):
    name = "fault"

    def __init__(self, board, now: float, under: Screen) -> None:
        super().__init__(board, now)
        self.under = under  # the screen the fault came over: it goes on when the fault clears
        self.faults: set[str] = set()  # "reader", "storage"
        self.pending = None  # what met the full disk, done again once there is room: f(now)

    @property
    def state(self):
        return self.under.state

    def add(self, fault: str, pending=None) -> None:
        self.faults.add(fault)
        if pending is not None:
            self.pending = pending

    @property
    def takes_cards(self) -> bool:
        return self.under.takes_cards  # so a reader lost during a storage fault waits too

    def busy(self) -> str | None:
        return f"the board waits: {self.text()}"

    @property
    def halted(self) -> str | None:
        return self.text()

    def text(self) -> str:
        said = [self.board.storage.text] if "storage" in self.faults else []
        return " ".join(said + ([READER_TEXT] if "reader" in self.faults else []))

    # -- inputs ----------------------------------------------------------------------------
    def press(self, button: str, now: float) -> None:
        if button == "PLAY" and "storage" in self.faults:
            self.retry(now)  # try the journal at once
        else:
            self.board.error(now, self.text())

    def tap(self, card: str, reader: int | None, now: float) -> None:
        self.board.error(now, self.text())

    def tick(self, now: float) -> None:
        watch = self.board.storage
        if "storage" in self.faults and watch.next_check is not None and now >= watch.next_check:
            self.retry(now)

    def deadline(self, now: float) -> float | None:
        return self.board.storage.next_check if "storage" in self.faults else None

    # -- clearing --------------------------------------------------------------------------
    def retry(self, now: float) -> None:
        """Look whether the journal can be written again (a real write, undone); if so, the
        storage fault clears and what met it is done."""
        if self.board.storage.check(now, self.board.has_room, force=True):
            self.board.report("Storage has room again: the board accepts moves.")
            self.clear("storage", now)

    def clear(self, fault: str, now: float) -> None:
        self.faults.discard(fault)
        if self.faults:
            return
        board, pending = self.board, self.pending
        board.message = ""
        board.go(self.under, now)
        self.under.resume(self.since, now)
        if pending is not None:
            pending(now)  # journalled once now; a disk full again comes back here

    def shows(self, now: float) -> dict:
        shown = {**self.under.shows(now), "express_started": None}  # the clock stands still
        return {**shown, "state": self.state}
