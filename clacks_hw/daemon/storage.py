"""Storage trouble: the journal could not be written, so the board refuses actions until it can.

The controller tells :class:`StorageWatch` of each failed write; while a problem stands the board
shows its fault screen (screens/fault.py) and asks the watch, every ``retry_s`` seconds (and at
once on PLAY), whether the journal has room again (a real write, undone:
``JournalWriter.has_room``); when it has, the problem clears by itself. An accepted action
clears it too.
"""

from __future__ import annotations

import logging

from ..journal.append_file import NO_ROOM

log = logging.getLogger(__name__)

FULL_TEXT = ("Storage full: the board cannot record moves, so it accepts none. "
             "Free space on the SD card (old journals, logs); the game goes on by itself.")
FAILING_TEXT = ("Storage failing: the board cannot write its journal ({detail}), so it accepts no "
                "moves. Check the SD card; the game goes on by itself once it can write again.")


def is_no_room(exc: BaseException) -> bool:
    return bool(getattr(exc, "no_room", False)) or getattr(exc, "errno", None) in NO_ROOM


class StorageWatch:
    def __init__(self, retry_s: float = 5.0) -> None:
        self.retry_s = retry_s
        self.state = "ok"  # ok / full / failing
        self.text = ""  # the problem in words, for players
        self.next_check: float | None = None

    @property
    def ok(self) -> bool:
        return self.state == "ok"

    def failed(self, exc: BaseException, now: float) -> str:
        """A write failed: the problem in words (logged once, not at every refused press)."""
        state = "full" if is_no_room(exc) else "failing"
        detail = getattr(exc, "strerror", None) or str(exc)
        if state != self.state:
            log.error("journal write failed (%s): actions are refused until it can be written", exc)
        else:
            log.info("journal still cannot be written: %s", detail)
        self.state = state
        self.text = FULL_TEXT if state == "full" else FAILING_TEXT.format(detail=detail)
        self.next_check = now + self.retry_s
        return self.text

    def check(self, now: float, has_room, force: bool = False) -> bool:
        """When a check is due (``force``: now), ask ``has_room()``; True when the problem is
        gone (it cleared just now, or an accepted action cleared it already)."""
        if self.ok:
            return True
        if not force and now < self.next_check:
            return False
        try:
            room = has_room()
        except OSError:
            room = False
        if not room:
            self.next_check = now + self.retry_s
            return False
        self.cleared()
        return True

    def cleared(self) -> None:
        if not self.ok:
            log.warning("the journal can be written again: actions are accepted")
        self.state, self.text, self.next_check = "ok", "", None
