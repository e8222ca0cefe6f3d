"""`clacks-hw hall`: the hall's page, every board on one MQTT broker, and the leaderboard.

Exit status: 0 stopped (Ctrl-C or --for), 2 a bad option (the page's address in use, an
unusable database file).
"""

from __future__ import annotations

import re
import signal
import threading
from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG


def _password(path: str | None) -> str:
    if path is None:
        return ""
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"--password-file {path}: cannot read it ({exc})\n  fix: give a readable file holding the "
                   "hall's MQTT password on its first line", err=True)
        raise SystemExit(BAD_CONFIG) from None


@click.command("hall")
@click.option("--broker", default="127.0.0.1", show_default=True, help="The MQTT broker's host.")
@click.option("--broker-port", type=click.IntRange(1, 65535), default=1883, show_default=True)
@click.option("--username", default="", help="The hall's user name on the broker (docs/shows.md).")
@click.option("--password-file", type=click.Path(dir_okay=False), default=None,
              help="A file holding the hall's broker password (kept out of the process list).")
@click.option("--bind", default="127.0.0.1", show_default=True,
              help="Address the hall page listens on (0.0.0.0: the whole network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8090, show_default=True,
              help="The hall page's port.")
@click.option("--host", "hosts", multiple=True,
              help="A host name the page answers to (repeatable); IP addresses always work.")
@click.option("--db", type=click.Path(dir_okay=False), default="clacks-hall.sqlite", show_default=True,
              help="SQLite file for the leaderboard (kept across restarts).")
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after this long (default: until Ctrl-C).")
def hall_cmd(broker, broker_port, username, password_file, bind, port, hosts, db, duration):
    """Follow every board publishing to the MQTT broker on one page: which are live and which
    offline, each board's lamps and turn, the fastest message per mode and the wins per board
    (stored in --db, so they survive a restart). Boards publish when their config has an
    [mqtt] section (docs/shows.md)."""
    from ..web.hall import Hall

    bad = [h for h in hosts if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}", h)]
    if bad:
        click.echo(f"--host {bad[0]!r} is not a host name\n  fix: give a name only (no scheme, port or path)", err=True)
        raise SystemExit(BAD_CONFIG)
    try:
        hall = Hall(broker, broker_port, db=db, bind=bind, port=port, hosts=hosts, username=username,
                    password=_password(password_file))
    except OSError as exc:
        click.echo(f"cannot listen on {bind} port {port}: {exc.strerror or exc}\n"
                   "  fix: stop whatever uses that port, or give --port", err=True)
        raise SystemExit(BAD_CONFIG) from None
    except Exception as exc:  # sqlite3.Error: the database file
        click.echo(f"--db {db}: {exc}\n  fix: give a writable SQLite file (it is created if missing)", err=True)
        raise SystemExit(BAD_CONFIG) from None
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    hall.start()
    click.echo(f"hall page at {hall.url}, following {broker}:{broker_port}")
    try:
        stop.wait(duration)
    except KeyboardInterrupt:
        pass
    finally:
        hall.close()


COMMANDS.append(hall_cmd)
