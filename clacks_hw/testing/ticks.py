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

    def ticks_us(self) -> int:
        return int(time.monotonic() * 1_000_000)

    def advance_us(self, us: int) -> None:
        """SPI bytes take real time here: nothing to add."""

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self._stop.wait(ms / 1000)


class VirtualTicks:
    """MicroPython's ticks API on virtual time: sleep_ms advances it instantly, and so does
    every SPI byte the emulated board clocks (advance_us)."""

    def __init__(self, start: int = 0) -> None:
        self.us = start * 1000

    @property
    def t(self) -> int:
        return self.us // 1000

    @t.setter
    def t(self, ms: int) -> None:
        self.us = ms * 1000

    def ticks_ms(self) -> int:
        return self.us // 1000

    def ticks_us(self) -> int:
        return self.us

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.us += ms * 1000

    def advance_us(self, us: int) -> None:
        self.us += us
