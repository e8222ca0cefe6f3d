"""`clacks-hw leds`: a test pattern for checking the LED chain's wiring order.

Lights one pixel at a time in CHAIN order (the order the data line visits the LEDs: physical
position 0, 1, ... including lead pixels), printing what the configuration says sits there,
e.g. ``pixel 5: lamp 5 (row 1, col 1)``; then the whole board red, green, blue and white at
the configured brightness. If the LED that lights is not the one printed, the wiring (or
``leds.lamp_order`` / ``chain`` / ``button_order`` / ``seat_order``) is wrong there.

Exit status: 0 done, 1 the LED backend failed (reported with a fix), 2 a bad configuration,
130 Ctrl-C (the LEDs are switched off first).
"""

from __future__ import annotations

from collections.abc import Callable

import click

from ..base.clock import SystemClock
from ..config.load import ConfigError, load_config
from ..drivers.frame import LAMPS, PIXELS, SEATS, TOWERS, Frame, pixel_name
from ..drivers.leds import open_backend
from ..drivers.pixel_map import PixelMap
from ..base.errors import ClacksError
from . import COMMANDS
from .common import BAD_CONFIG

LED_FAILED = 1
INTERRUPTED = 130
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


def _fix_for(error: str, backend: str) -> str:
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
                             f"  fix: {_fix_for(error, self.backend_name)}") from None
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


def make_clock():
    """The clock the command uses (tests replace it with a fake one)."""
    return SystemClock()


@click.command("leds")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else the built-in defaults).")
@click.option("--virtual", is_flag=True, help="Draw the pattern in the terminal instead of on the LEDs.")
@click.option("--step", "step_s", type=click.FloatRange(0, 60), default=0.5, show_default=True,
              help="Seconds each pixel stays lit.")
@click.option("--cycles", type=click.IntRange(0), default=1, show_default=True,
              help="How many times to run the pattern (0 = until Ctrl-C).")
def leds_cmd(config_path, virtual, step_s, cycles):
    """Light every LED one at a time in chain order, naming each, then the whole board red,
    green, blue and white, so a builder can check the wiring order and every colour.

    The LED that lights should be the one printed. If it is not, fix the wiring or the
    [leds] order keys (lamp_order, chain, button_order, seat_order; docs/config.md).
    """
    overrides = {"leds.backend": "virtual"} if virtual else None
    try:
        cfg = load_config(config_path, overrides=overrides, check_devices=False)
    except ConfigError as err:
        click.echo(str(err), err=True)
        raise SystemExit(BAD_CONFIG)
    leds = cfg.leds
    clock = make_clock()
    try:
        pixel_map = PixelMap.from_config(leds)
        backend = open_backend(leds)
    except Exception as exc:  # noqa: BLE001 - UnsupportedBoardError, OSError, ValueError, library errors
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        click.echo(f"cannot open the {leds.backend} LED backend: {text}", err=True)
        click.echo(f"  fix: {_fix_for(text, leds.backend)}", err=True)
        raise SystemExit(LED_FAILED)
    # The backend itself, not the daemon's LedOutput: a test pattern stops at the first
    # failure with one message, where the daemon would retry (and log every retry).
    output = backend
    # The terminal drawing redraws itself in place; our text lines in between would upset
    # that, so each drawing starts afresh below the line that names the pixel.
    after_show = backend.close if leds.backend == "virtual" else None
    click.echo(f"LED test pattern: {pixel_map.count} pixels on the {leds.backend} backend, "
               f"{step_s:g} s each, brightness {leds.brightness:g}")
    pattern = Pattern(output, pixel_map, clock, click.echo, step_s, leds.brightness, leds.backend, after_show)
    status = 0
    try:
        pattern.run(cycles)
        click.echo("Done: every pixel walked, all four colours shown, LEDs off.")
    except LedFailure as failure:
        click.echo(str(failure), err=True)
        status = LED_FAILED
    except KeyboardInterrupt:
        click.echo("\nInterrupted: switching the LEDs off.")
        try:
            pattern.off()
        except Exception as exc:  # noqa: BLE001 - leaving anyway; say so
            click.echo(f"could not switch the LEDs off: {exc}", err=True)
        status = INTERRUPTED
    finally:
        output.close()
    raise SystemExit(status)


COMMANDS.append(leds_cmd)
