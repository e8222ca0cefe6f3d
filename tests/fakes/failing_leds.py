"""An LED backend that fails on demand, for the retry/backoff tests."""

from __future__ import annotations

from clacks_hw.drivers.frame import Frame


class FailingLeds:
    """Raises ``error`` for the next ``fail_times`` calls to show() (forever with None), then
    records like a working backend. ``attempts`` holds the clock time of every call."""

    def __init__(self, clock, fail_times: int | None = 0, error: Exception | None = None) -> None:
        self.clock = clock
        self.fail_times = fail_times
        self.error = error if error is not None else OSError(5, "Input/output error")
        self.attempts: list[float] = []
        self.shown: list[tuple[float, Frame]] = []
        self.closed = False

    def break_(self, fail_times: int | None = None, error: Exception | None = None) -> None:
        """Start failing again (``fail_times`` more calls, or until heal())."""
        self.fail_times = fail_times
        if error is not None:
            self.error = error

    def heal(self) -> None:
        self.fail_times = 0

    def show(self, frame: Frame) -> None:
        self.attempts.append(self.clock.now())
        if self.fail_times is None or self.fail_times > 0:
            if self.fail_times is not None:
                self.fail_times -= 1
            raise self.error
        self.shown.append((self.clock.now(), frame))

    def close(self) -> None:
        self.closed = True
