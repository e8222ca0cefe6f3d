"""`clacks-hw doctor`: is this machine ready to run the board? A checklist with fixes.

Checks the board (which Pi), the configuration, the user's groups, the gpiozero pin factory,
the LED backend and its device, the serial ports and whether a reader hub answers HELLO, the
admin page, the network and the journal folder (one module per area in doctor/). Every line is
OK, WARN or FAIL, and every WARN or FAIL says how to fix it.

Exit status: 0 nothing failed (warnings allowed), 1 something failed, 2 the configuration is
invalid. Never a traceback: a check that itself breaks is reported as a FAIL.
"""

from __future__ import annotations

import click

from . import COMMANDS


@click.command("doctor")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else the built-in defaults).")
@click.option("--probe-timeout", type=click.FloatRange(0.1, 30), default=2.0, show_default=True,
              help="Seconds to wait for a reader hub's HELLO on each port (and for the MQTT broker).")
def doctor_cmd(config_path, probe_timeout):
    """Check this machine for the board: Pi model, pin factory, LED backend and permissions,
    serial ports and the reader hub, the configuration, the admin page, the network (the status
    page's port, the MQTT broker) and the journal folder.

    Prints OK / WARN / FAIL lines, each problem with its fix. Exits 0 when nothing fails,
    1 when something fails, 2 when the configuration is invalid.
    """
    from .doctor.check import format_checks  # not at the top: `doctor --help` stays quick
    from .doctor.run import Doctor
    from .doctor.system import System

    doctor = Doctor(config_path, System(), probe_timeout)
    try:
        checks = doctor.run()
    except KeyboardInterrupt:
        click.echo("\ninterrupted", err=True)
        raise SystemExit(130)
    click.echo("clacks-hw doctor")
    for line in format_checks(checks):
        click.echo(line)
    raise SystemExit(doctor.exit_status)


COMMANDS.append(doctor_cmd)
