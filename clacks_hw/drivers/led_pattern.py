"""The LED test pattern `clacks-hw leds` walks: one pixel at a time in chain order, named, then
the whole board in each colour; the first backend failure stops it with a fix."""

from __future__ import annotations

from collections.abc import Callable

from ..base.errors import ClacksError
from .frame import LAMPS, PIXELS, SEATS, TOWERS, Frame, pixel_name
from .pixel_map import PixelMap

WALK_COLOUR = (255, 255, 255)
FILLS = (("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)), ("white", (255, 255, 255)))
SEAT_NAMES = {"S": "south", "W": "west", "N": "north", "E": "east"}


class LedFailure(ClacksError, OSError):
    """The backend refused a frame; ``str`` is the message with its fix."""


def describe_pixel(logical: int | None) -> str:
    """``lamp 5 (row 1, col 1)``, ``button R1``, ``seat S (south)``, or a lead pixel."""
    if logical is None:
        return "lead pixel (kept dark: leds.lead_pixels)"
    name = pixel_name(logical)
    if logical < LAMPS:
        return f"{name} (row {logical // 4}, col {logical % 4})"
    if logical >= LAMPS + len(TOWERS):
        seat = SEATS[logical - LAMPS - len(TOWERS)]
        return f"{name} ({SEAT_NAMES[seat]})"
    return name


def fix_for(error: str, backend: str) -> str:
    low = error.lower()
    if "permission" in low or "errno 13" in low:
        if backend == "spi":
            return "add yourself to group spi: sudo usermod -aG spi $USER, then log out and in"
        return "the ws281x backend needs root: sudo clacks-hw leds"
    if "no such file" in low or "errno 2" in low:
        return ("enable SPI: sudo raspi-config nonint do_spi 0, then reboot; "
                'or try clacks-hw leds --virtual')
    return "run clacks-hw doctor for the LED checks; clacks-hw leds --virtual shows the pattern without LEDs"


class Pattern:
    """The test pattern on any backend (``output``), timed by ``clock``; ``say`` gets one line
    per step; the first failure raises :class:`LedFailure`."""

    def __init__(self, output, pixel_map: PixelMap, clock, say: Callable[[str], None],
                 step_s: float = 0.5, brightness: float = 1.0, backend_name: str = "",
                 after_show: Callable[[], None] | None = None) -> None:
        self.output = output
        self.pixel_map = pixel_map
        self.clock = clock
        self.say = say
        self.step_s = step_s
        self.brightness = brightness
        self.backend_name = backend_name
        self._after_show = after_show

    def show(self, frame: Frame) -> None:
        try:
            self.output.show(frame)
        except Exception as exc:  # noqa: BLE001 - any backend error: stop once, say what and how to fix
            error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            raise LedFailure(f"the {self.backend_name or 'LED'} backend failed: {error}\n"
                             f"  fix: {fix_for(error, self.backend_name)}") from None
        if self._after_show is not None:
            self._after_show()

    def walk(self) -> None:
        for position in range(self.pixel_map.count):
            logical = self.pixel_map.logical_at(position)
            self.say(f"pixel {position}: {describe_pixel(logical)}")
            if logical is None:
                self.show(Frame.blank())
            else:
                self.show(Frame.blank().with_pixels({logical: WALK_COLOUR}))
            self.clock.sleep(self.step_s)

    def fills(self) -> None:
        for name, rgb in FILLS:
            self.say(f"all {PIXELS} pixels {name} (brightness {self.brightness:g})")
            self.show(Frame((rgb,) * PIXELS))
            self.clock.sleep(2 * self.step_s)

    def run(self, cycles: int = 1) -> None:
        """``cycles`` rounds of walk + fills (0 = until interrupted), then the LEDs off."""
        n = 0
        while cycles == 0 or n < cycles:
            n += 1
            if cycles != 1:
                self.say(f"cycle {n}" + (f" of {cycles}" if cycles else ""))
            self.walk()
            self.fills()
        self.off()

    def off(self) -> None:
        self.show(Frame.blank())
