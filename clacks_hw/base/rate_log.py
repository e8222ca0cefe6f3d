"""Warnings about input from outside, at a rate a log can take.

A noisy serial line or a flood of refused messages must not fill the disk with one warning per
bad input (line noise on a reader hub's cable logged 41 KB a second). :class:`RateLimitedLog`
logs the first input of each kind whole, then at most one line per ``every`` seconds counting
the rest by kind. Nothing is lost from the count: what is held is said at the next input once
the interval is over, at :meth:`RateLimitedLog.tick` (called from the reader's or the hall's
own loop) or at :meth:`RateLimitedLog.flush` (when the source goes away).

Time comes from the clock seam (a ``now`` callable: ``Clock.now``, or the hall's wall), so tests
drive it with a fake clock and never sleep.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from typing import Callable

from .clock import SystemClock
from .unsafe_chars import printable

MAX_CHARS = 600  # a whole line logged, with the input it quotes: bounded, however long that was
KINDS_SHOWN = 4  # kinds named in a count line; the rest are summed
KINDS_KEPT = 256  # kinds remembered as seen lately; names made up by the thousand forget the oldest


def bounded(text: str, limit: int = MAX_CHARS) -> str:
    """``text`` on one line, its unprintable characters escaped, cut to ``limit`` characters."""
    text = printable(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def span(seconds: float) -> str:
    """How long an interval was, as a count line says it: "second", "45 s", "minute", "3 minutes"."""
    if seconds < 1:
        return "second"
    if abs(seconds - 60) < 1:
        return "minute"
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} minutes"


class RateLimitedLog:
    """One source's warnings: ``warning(kind, msg, *args)`` for each bad input.

    ``source`` and ``one``/``many`` word the count line ("reader hub: and 4,812 more bad lines
    in the last minute (bad_crc 4,000, too_long 812)"); ``burst``: whole lines per interval at
    most, each the first of its kind lately (one for a serial line, whose kinds the count line
    names; a few for the hall, whose kinds are different boards' troubles).
    """

    def __init__(self, logger: logging.Logger, source: str, one: str, many: str, *,
                 now: Callable[[], float] | None = None, every: float = 60.0, burst: int = 1,
                 level: int = logging.WARNING) -> None:
        self.logger, self.source, self.one, self.many = logger, source, one, many
        self.now = now or SystemClock().now
        self.every, self.burst, self.level = every, burst, level
        self.held: Counter[str] = Counter()  # inputs counted and not yet said, by kind
        self._since: float | None = None  # when this interval began (None: nothing lately)
        self._whole = 0  # whole lines said in this interval
        self._seen: dict[str, float] = {}  # kind -> its last input
        self._lock = threading.Lock()  # inputs may come on one thread (paho's), ticks on another

    def warning(self, kind: str, msg: str, *args: object) -> None:
        with self._lock:
            self._warning(kind, self.now(), msg, args)

    def _warning(self, kind: str, now: float, msg: str, args: tuple) -> None:
        self._roll(now)
        if self._since is None:
            self._since, self._whole = now, 0
        last = self._seen.pop(kind, None)  # popped and put back: the dict stays oldest first
        self._seen[kind] = now
        if len(self._seen) > KINDS_KEPT:
            del self._seen[next(iter(self._seen))]
        if (last is None or now - last >= self.every) and self._whole < self.burst:
            self._whole += 1
            self.logger.log(self.level, "%s", bounded(msg % args if args else msg))
        else:
            self.held[kind] += 1

    def tick(self) -> None:
        """Say what is held once its interval is over, though no input came since."""
        with self._lock:
            self._roll(self.now())

    def flush(self) -> None:
        """Say what is held now (the port closed, the hall stops)."""
        with self._lock:
            if self.held:
                self._say(self.now())

    def _roll(self, now: float) -> None:
        if self._since is not None and now - self._since >= self.every:
            if self.held:
                self._say(now)
            else:
                self._since = None  # quiet for a whole interval: the next input starts afresh

    def _say(self, now: float) -> None:
        n = sum(self.held.values())
        kinds = self.held.most_common()
        named = ", ".join(f"{kind} {count:,}" for kind, count in kinds[:KINDS_SHOWN])
        if len(kinds) > KINDS_SHOWN:
            named += f", {len(kinds) - KINDS_SHOWN:,} other kinds {sum(c for _, c in kinds[KINDS_SHOWN:]):,}"
        self.logger.log(self.level, "%s", bounded(
            f"{self.source}: and {n:,} more {self.one if n == 1 else self.many} in the last "
            f"{span(now - self._since)} ({named})"))
        self.held.clear()
        self._since, self._whole = now, 0
