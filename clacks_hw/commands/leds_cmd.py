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

import click

from . import COMMANDS
from .common import BAD_CONFIG

LED_FAILED = 1
INTERRUPTED = 130


def make_clock():
    """The clock the command uses (tests replace it with a fake one)."""
    from ..base.clock import SystemClock

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
    from ..config.load import ConfigError, load_config  # not at the top: `leds --help` stays quick
    from ..drivers.led_pattern import LedFailure, Pattern, fix_for
    from ..drivers.leds import open_backend
    from ..drivers.pixel_map import PixelMap

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
        click.echo(f"  fix: {fix_for(text, leds.backend)}", err=True)
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
