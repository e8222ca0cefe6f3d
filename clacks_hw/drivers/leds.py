"""The LED output the daemon uses: any backend, changed frames only, failures retried.

A backend is anything with ``show(frame)`` and ``close()``. :class:`LedOutput` wraps one: it
skips a frame equal to the one already showing, and when the backend raises it logs the error,
keeps the newest frame, and retries it with bounded exponential backoff on the injected clock,
so a loose LED connector is a state the board can report, never a crash.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

from .frame import Frame

log = logging.getLogger(__name__)


class LedBackend(Protocol):
    def show(self, frame: Frame) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class LedHealth:
    ok: bool
    failing_since: float | None = None  # clock time of the first failure in this run of failures
    last_error: str | None = None
    failures: int = 0  # consecutive failed attempts
    next_retry: float | None = None

    def describe(self) -> str:
        if self.ok:
            return "LEDs ok"
        return f"LEDs failing ({self.failures} attempts): {self.last_error}"


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class LedOutput:
    """Call :meth:`show` with every rendered frame and :meth:`poll` whenever the loop wakes.

    Used from the daemon's loop thread only. ``poll`` (or the next ``show``) is what retries a
    failed frame once its backoff has passed; :meth:`next_deadline` says when that is.
    """

    def __init__(
        self,
        backend: LedBackend,
        clock,
        backoff_initial_s: float = 0.25,
        backoff_max_s: float = 8.0,
    ) -> None:
        self.backend = backend
        self.clock = clock
        self.backoff_initial_s = backoff_initial_s
        self.backoff_max_s = backoff_max_s
        self._wanted: Frame | None = None
        self._shown: Frame | None = None  # what the LEDs are known to show; None after a failure
        self._health = LedHealth(ok=True)
        self._backoff = backoff_initial_s
        self.shown_count = 0  # frames actually sent to the backend
        self._dimmer = 1.0  # a scale on top of leds.brightness, set at run time (the admin page)

    @property
    def brightness(self) -> float:
        return self._dimmer

    def set_brightness(self, value: float) -> None:
        """Scale every frame by ``value`` (0..1, on top of the configured brightness)."""
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"brightness {value!r} must be between 0 and 1")
        self._dimmer = float(value)
        self._shown = None  # resend the wanted frame at the new level

    @property
    def health(self) -> LedHealth:
        return self._health

    @property
    def last_frame(self) -> Frame | None:
        """The newest frame asked for (what the board should show)."""
        return self._wanted

    def show(self, frame: Frame) -> bool:
        """Ask for ``frame``; True if it reached the LEDs now."""
        self._wanted = frame
        return self.poll()

    def poll(self) -> bool:
        """Send the wanted frame if it differs from the shown one and no backoff is pending."""
        frame = self._wanted
        if frame is None or frame == self._shown:
            return False
        h = self._health
        if not h.ok and h.next_retry is not None and self.clock.now() < h.next_retry:
            return False
        try:
            self.backend.show(frame if self._dimmer == 1.0 else _dim(frame, self._dimmer))
        except Exception as exc:  # any library error; the game must go on
            self._failed(exc)
            return False
        self._shown = frame
        self.shown_count += 1
        if not h.ok:
            log.info(
                "LED output recovered after %d failed attempts (%.1f s)",
                h.failures,
                self.clock.now() - (h.failing_since or self.clock.now()),
            )
            self._health = LedHealth(ok=True)
            self._backoff = self.backoff_initial_s
        return True

    def _failed(self, exc: Exception) -> None:
        now = self.clock.now()
        h = self._health
        error = _describe(exc)
        self._shown = None  # unknown now: show even an unchanged frame once it works again
        if h.ok:
            log.error("LED output failed: %s; retrying in %.2f s", error, self._backoff)
        elif error != h.last_error:
            log.warning("LED output still failing, now: %s; retrying in %.2f s", error, self._backoff)
        else:
            log.debug("LED output still failing (%d): %s", h.failures + 1, error)
        self._health = LedHealth(
            ok=False,
            failing_since=now if h.ok else h.failing_since,
            last_error=error,
            failures=h.failures + 1,
            next_retry=now + self._backoff,
        )
        self._backoff = min(self._backoff * 2, self.backoff_max_s)

    def next_deadline(self) -> float | None:
        """When :meth:`poll` next has work to do (a retry), or None."""
        h = self._health
        if h.ok or self._wanted is None:
            return None
        return h.next_retry

    def close(self) -> None:
        try:
            self.backend.close()
        except Exception as exc:
            log.warning("closing the LED backend failed: %s", _describe(exc))


def _dim(frame: Frame, k: float) -> Frame:
    return Frame(tuple((round(r * k), round(g * k), round(b * k)) for r, g, b in frame.pixels))


def open_backend(leds, *, clock=None, stream=None, board=None) -> LedBackend:
    """The backend ``leds`` (a validated :class:`clacks_hw.config.load.LedConfig`) names.

    Hardware modules are imported here, not at the top, so ``virtual`` never touches them.
    Raises :class:`~clacks_hw.drivers.leds_ws281x.UnsupportedBoardError` for ws281x on a board
    that cannot run it, and OSError/ValueError with a readable message for the others.
    """
    if leds.backend == "virtual":
        from .leds_virtual import VirtualLeds

        return VirtualLeds(stream=stream, clock=clock)
    from ..hardware.mainboard.data import load_mainboard
    from ..hardware.power import current_model
    from .pixel_map import PixelMap

    # Every frame is held to what the board leaves the LEDs (hardware/power.py: leds.supply_a, leds.pi).
    pixel_map = PixelMap.from_config(leds, current_model(load_mainboard(), leds))
    if leds.backend == "spi":
        from .leds_spi import SpiLeds

        return SpiLeds(pixel_map, device=leds.spi_device)
    if leds.backend == "ws281x":
        from .leds_ws281x import Ws281xLeds

        return Ws281xLeds(pixel_map, pin=leds.ws281x_pin, board=board)
    raise ValueError(f"unknown LED backend {leds.backend!r}")
