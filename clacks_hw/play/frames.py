"""The emulated board's LEDs: a backend that keeps the newest frame for the page to draw."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..drivers.frame import Frame


class FrameSink:
    """An LED backend: keeps the newest frame shown and calls ``ring`` (which must not block)."""

    def __init__(self) -> None:
        self.frame: Frame | None = None
        self.shown = 0  # frames shown so far
        self.ring: Callable[[], None] | None = None
        self.first_shown: float | None = None  # time.monotonic() of the first frame

    def show(self, frame: Frame) -> None:
        self.frame = frame
        self.shown += 1
        if self.first_shown is None:
            self.first_shown = time.monotonic()
        ring = self.ring
        if ring is not None:
            ring()

    def close(self) -> None:
        self.ring = None
