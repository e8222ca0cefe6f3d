"""The one place time enters the program.

Everything that needs "now" (debounce, long presses, reconnect backoff, Express timers,
animation) takes a clock object instead of calling :mod:`time` itself, so tests drive time
with :class:`clacks_hw.testing.clock.FakeClock` and never sleep.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (only differences are meaningful)."""

    def sleep(self, seconds: float) -> None:
        """Wait; a fake clock just advances."""

    def wall(self) -> datetime:
        """The calendar time (UTC), for journal names and headers; never for measuring."""


class SystemClock:
    """The real monotonic clock."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def wall(self) -> datetime:
        return datetime.now(UTC)
