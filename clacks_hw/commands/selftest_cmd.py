"""`clacks-hw selftest`: a guided check of a built board (buttons, LEDs, card readers, the
journal directory), with the person at the board; a text report, optionally JSON.

Exit status: 0 everything passed, 1 something failed (the report says what and the fix),
2 a bad configuration or option, 130 Ctrl-C.
"""

from __future__ import annotations

import sys

import click

from . import COMMANDS
from .common import BAD_CONFIG

FAILED = 1
INTERRUPTED = 130
PARTS = ("buttons", "leds", "readers", "journal")


@click.command("selftest")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else the built-in defaults).")
@click.option("--part", "parts", type=click.Choice(PARTS), multiple=True,
              help="Check only this part (repeatable); default: all four, in this order.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the report as JSON to this file.")
@click.option("--timeout", "timeout_s", type=click.FloatRange(1, 600), default=15, show_default=True,
              help="Seconds to wait for each button press or card before calling it missing.")
def selftest_cmd(config_path, parts, json_path, timeout_s):
    """Walk through every part of a built board with the person at it, and report.

    \b
    buttons  press each of the 17 when asked: a missing, swapped or chattering button
             is named with its GPIO and header pin
    leds     each LED lights red in turn: say where it lit (Enter if in the right place)
             and in which colour; a chain in another order or colour order gets the fix
    readers  tap a card at each reader: a dead reader or a wrong reader.seats is named
    journal  the journal directory exists and is writable

    Stop the daemon first (sudo systemctl stop clacks-hw): it holds the buttons, LEDs and reader.
    """
    from ..config.load import ConfigError, load_config

    try:
        cfg = load_config(config_path, check_devices=False)
    except ConfigError as err:
        click.echo(str(err), err=True)
        raise SystemExit(BAD_CONFIG) from None
    from ..base.clock import SystemClock
    from ..daemon.ports import open_auto
    from ..drivers.buttons import ButtonError, make_pin_factory
    from ..drivers.leds import open_backend
    from ..selftest.person import ConsolePerson
    from ..selftest.run import Hardware, run_selftest

    clock = SystemClock()
    try:
        backend = open_backend(cfg.leds, clock=clock) if "leds" in (parts or PARTS) else None
        factory = make_pin_factory(cfg.buttons.pin_factory) if "buttons" in (parts or PARTS) else None
    except (OSError, ValueError, RuntimeError, ButtonError) as exc:
        click.echo(f"cannot open the board's hardware: {exc}\n  run clacks-hw doctor for the checks and fixes",
                   err=True)
        raise SystemExit(FAILED) from None
    hardware = Hardware(clock=clock, led_backend=backend, pin_factory=factory, serial_factory=open_auto)
    person = ConsolePerson(sys.stdin, click.echo)
    try:
        report = run_selftest(cfg, hardware, person, parts=parts or PARTS, timeout_s=timeout_s)
    except (KeyboardInterrupt, EOFError):
        click.echo("\nself-test stopped")
        raise SystemExit(INTERRUPTED) from None
    except ButtonError as exc:
        click.echo(f"buttons: {exc}", err=True)
        raise SystemExit(FAILED) from None
    click.echo(report.text())
    if json_path:
        try:
            from ..base.secure_files import write_file

            write_file(json_path, report.json() + "\n", 0o644)  # never through a link (secure_files.py)
        except OSError as exc:
            click.echo(f"cannot write {json_path}: {exc.strerror or exc}", err=True)
            raise SystemExit(BAD_CONFIG) from None
    raise SystemExit(FAILED if report.failed else 0)


COMMANDS.append(selftest_cmd)
