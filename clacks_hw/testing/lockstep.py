"""Time and the hub's cable for a board run in lock step with a script.

:class:`ScriptClock` is the daemon's clock: it moves only when the script moves it, and a
thread that sleeps on it waits until the script has moved it far enough (as it would wait on a
real board). :class:`SerialLoopback` is the USB serial link between the emulated hub and the
daemon's card reader, in memory, and knows when the reader has read everything and is waiting
for more: the moment its events are all on the daemon's queue.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import serial


class ScriptClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.t = float(start)
        self._cv = threading.Condition()
        self._wakes: list[float] = []
        self._closed = False

    def now(self) -> float:
        return self.t

    def wall(self) -> datetime:
        """Calendar time: the script's seconds counted from the Unix epoch."""
        return datetime.fromtimestamp(self.t, UTC)

    def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            return
        with self._cv:
            until = self.t + seconds
            self._wakes.append(until)
            try:
                while self.t < until and not self._closed:
                    self._cv.wait(0.5)
            finally:
                self._wakes.remove(until)

    def set(self, t: float) -> None:
        with self._cv:
            self.t = max(self.t, t)
            self._cv.notify_all()

    def next_wake(self) -> float | None:
        with self._cv:
            return min(self._wakes) if self._wakes else None

    @property
    def sleepers(self) -> int:
        with self._cv:
            return len(self._wakes)

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self._cv.notify_all()


class HubTicks:
    """MicroPython's ticks API for the stepped hub: its own microsecond count, never behind the
    script's clock, moved on by sleep_ms (the pause at the end of each poll round)."""

    def __init__(self, clock: ScriptClock) -> None:
        self.clock = clock
        self.t_us = int(clock.now() * 1e6)

    def catch_up(self) -> None:
        self.t_us = max(self.t_us, int(round(self.clock.now() * 1e6)))

    def ticks_us(self) -> int:
        return self.t_us

    def ticks_ms(self) -> int:
        return self.t_us // 1000

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.t_us += int(ms) * 1000

    def sleep_us(self, us: int) -> None:
        self.t_us += int(us)

    def advance_us(self, us: int) -> None:
        """An SPI byte's worth of time on the hub (the board's clock is this one)."""
        self.t_us += int(us)

    @property
    def due(self) -> float:
        """Script time at which the hub's next poll round is due."""
        return self.t_us / 1e6


class SerialLoopback:
    """Both ends of the hub's serial link. The hub side is ``read()``/``write()`` (the firmware's
    port interface); ``factory`` opens the host side for the daemon's CardReader."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self.to_host = bytearray()
        self.to_hub = bytearray()
        self.plugged = True
        self.answering = True
        self.host: HostEnd | None = None
        self._waiting = False

    # -- the hub's side --
    def read(self) -> bytes:
        with self._cv:
            data, self.to_hub = bytes(self.to_hub), bytearray()
            return data

    def write(self, data: bytes) -> None:
        with self._cv:
            if self.plugged and self.answering and self.host is not None and not self.host.closed:
                self.to_host += data
                self._cv.notify_all()

    # -- the host's side --
    def factory(self, port: str, baudrate: int, timeout: float) -> HostEnd:
        with self._cv:
            if not self.plugged:
                raise serial.SerialException(f"could not open port {port}: [Errno 2] No such file or directory")
            self.to_host.clear()
            self.host = HostEnd(self, timeout)
            return self.host

    def reader_idle(self) -> bool:
        """True when the host has read everything the hub sent and waits for more (or has no
        port open and sleeps on the clock)."""
        with self._cv:
            if self.host is None or self.host.closed:
                return True
            return self._waiting and not self.to_host

    def unplug(self) -> None:
        with self._cv:
            self.plugged = False
            self.to_hub.clear()
            self._cv.notify_all()

    def replug(self) -> None:
        with self._cv:
            self.plugged = True


class HostEnd:
    """What pyserial's Serial offers the CardReader: in_waiting, read, write, close."""

    def __init__(self, link: SerialLoopback, timeout: float) -> None:
        self.link = link
        self.timeout = timeout
        self.closed = False

    def _check(self) -> None:
        if self.closed or not self.link.plugged:
            raise serial.SerialException("device reports readiness to read but returned no data "
                                         "(device disconnected or multiple access on port?)")

    @property
    def in_waiting(self) -> int:
        with self.link._cv:
            self._check()
            return len(self.link.to_host)

    def read(self, n: int = 1) -> bytes:
        link = self.link
        with link._cv:
            self._check()
            if not link.to_host:
                link._waiting = True
                link._cv.notify_all()
                link._cv.wait_for(lambda: link.to_host or not link.plugged or self.closed, self.timeout)
            link._waiting = False
            self._check()
            data = bytes(link.to_host[:n])
            del link.to_host[:n]
            return data

    def write(self, data: bytes) -> int:
        with self.link._cv:
            self._check()
            self.link.to_hub += data
            return len(data)

    def close(self) -> None:
        with self.link._cv:
            self.closed = True
            self.link._cv.notify_all()
