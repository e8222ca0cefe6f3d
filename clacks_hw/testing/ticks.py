"""MicroPython's ``time`` ticks API for the firmware under CPython: on the host's clock
(:class:`RealTicks`) or on virtual time that only moves when slept (:class:`VirtualTicks`)."""

from __future__ import annotations

import threading
import time


class RealTicks:
    """MicroPython's ticks API on the host's monotonic clock; sleep ends early on stop."""

    def __init__(self, stop: threading.Event) -> None:
        self._stop = stop

    def ticks_ms(self) -> int:
        return int(time.monotonic() * 1000)

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self._stop.wait(ms / 1000)


class VirtualTicks:
    """MicroPython's ticks API on virtual time; sleep_ms advances it instantly."""

    def __init__(self, start: int = 0) -> None:
        self.t = start

    def ticks_ms(self) -> int:
        return self.t

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.t += ms
