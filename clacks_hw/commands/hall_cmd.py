"""`clacks-hw hall`: the hall's page, every board on one MQTT broker, and the leaderboard;
`clacks-hw hall setup` writes a whole hall (broker, boards, hall); `clacks-hw hall trust` adds a
board to it; `clacks-hw hall pair` pairs the arbiter's phone; `clacks-hw hall export` writes
every result.

Exit status: 0 stopped (Ctrl-C or --for), 2 a bad option or file (hall.toml, the page's address
in use, an unusable database file).
"""

from __future__ import annotations

import re
import signal
import threading
from dataclasses import replace
from pathlib import Path

import click
from click.core import ParameterSource

from . import COMMANDS
from .common import BAD_CONFIG


def _fail(message: str) -> None:
    click.echo(message, err=True)
    raise SystemExit(BAD_CONFIG)


def _password(path: str | None) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"--password-file {path}: cannot read it ({exc})\n  fix: give a readable file holding the "
              "hall's MQTT password on its first line")


BROKER = {"broker": "host", "broker_port": "port", "username": "username"}  # option -> hall.toml key
PAGE = {"bind": "bind", "port": "port", "hosts": "hosts", "db": "db"}


class HallGroup(click.Group):
    """`clacks-hw hall` runs the hall; its subcommands load only when named."""

    SUB = {"setup": ("hall_setup_cmd", "setup_cmd"), "trust": ("hall_trust_cmd", "trust_cmd"),
           "pair": ("hall_pair_cmd", "pair_cmd"), "export": ("hall_pair_cmd", "export_cmd")}

    def list_commands(self, ctx):
        return sorted(self.SUB)

    def get_command(self, ctx, name):
        if name not in self.SUB:
            return None
        import importlib

        module, attr = self.SUB[name]
        return getattr(importlib.import_module(f"{__package__}.{module}"), attr)


@click.group("hall", cls=HallGroup, invoke_without_command=True)
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="The hall's file, hall.toml, as `clacks-hw hall setup` wrote it: broker, page and the "
                   "boards counted. Options below override it.")
@click.option("--broker", default="127.0.0.1", show_default=True, help="The MQTT broker's host.")
@click.option("--broker-port", type=click.IntRange(1, 65535), default=1883, show_default=True)
@click.option("--username", default="hall", show_default=True, help="The hall's user name on the broker.")
@click.option("--password-file", type=click.Path(dir_okay=False), default=None,
              help="A file holding the hall's broker password (kept out of the process list).")
@click.option("--bind", default="127.0.0.1", show_default=True,
              help="Address the hall page listens on (0.0.0.0: the whole network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8090, show_default=True,
              help="The hall page's port.")
@click.option("--host", "hosts", multiple=True,
              help="A host name the page answers to (repeatable); IP addresses always work.")
@click.option("--db", type=click.Path(dir_okay=False), default="clacks-hall.sqlite", show_default=True,
              help="SQLite file for the results (kept across restarts).")
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after this long (default: until Ctrl-C).")
@click.pass_context
def hall_cmd(ctx, config_path, broker, broker_port, username, password_file, bind, port, hosts, db, duration):
    """Follow every board of the hall on one page: which are online, silent or offline, each
    board's lamps and turn, and the leaderboard (stored in --db, so it survives a restart).
    Only boards named in hall.toml count, and only with messages signed by their keys
    (docs/shows.md); others are listed, for the exhibitor, as knocking."""
    if ctx.invoked_subcommand is not None:
        return
    from msgspec.structs import replace as settings

    from ..hall.config import HallConfig, HallConfigError, load

    bad = [h for h in hosts if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}", h)]
    if bad:
        _fail(f"--host {bad[0]!r} is not a host name\n  fix: give a name only (no scheme, port or path)")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.:-]{0,252}", broker):
        _fail(f"--broker {broker!r} is not a host name or an address\n  fix: give the broker's name or address only "
              "(no scheme, port or path: the port is --broker-port)")
    try:
        cfg = load(config_path) if config_path else HallConfig(*_defaults())
    except HallConfigError as exc:
        _fail(str(exc))
    params = dict(ctx.params, hosts=list(hosts))
    given = {name for name in params
             if config_path is None or ctx.get_parameter_source(name) is not ParameterSource.DEFAULT}
    b = settings(cfg.broker, **{field: params[opt] for opt, field in BROKER.items() if opt in given})
    if "password_file" in given and password_file is not None:
        b = settings(b, password=_password(password_file))
    p = settings(cfg.page, **{field: params[opt] for opt, field in PAGE.items() if opt in given})
    cfg = replace(cfg, broker=b, page=p)
    _run(cfg, config_path, duration)


def _defaults():
    from ..hall.config import BrokerSettings, PageSettings

    return BrokerSettings(), PageSettings(), None, {}


def _run(cfg, config_path, duration) -> None:
    from ..mqtt.client import LinkSetupError
    from ..base.secure_files import UnsafePath
    from ..hall.page import Hall
    from ..hall.config import HallConfigError

    try:
        hall = Hall(cfg, path=config_path)
    except (HallConfigError, LinkSetupError, UnsafePath) as exc:  # the database, the broker's TLS
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot listen on {cfg.page.bind} port {cfg.page.port}: {exc.strerror or exc}\n"
              "  fix: stop whatever uses that port, or give --port")
    if not cfg.boards:
        click.echo("no boards in hall.toml: every board is listed as knocking until added "
                   "(clacks-hw hall setup, or clacks-hw hall trust)", err=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    import logging

    broker_log = logging.getLogger("clacks_hw.hall.broker")
    if broker_log.getEffectiveLevel() > logging.INFO:
        broker_log.setLevel(logging.INFO)  # waiting for the broker, and when it answers: always said
    hall.start()
    click.echo(f"hall page at {hall.url}, following {cfg.broker.host}:{cfg.broker.port}")
    try:
        stop.wait(duration)
    except KeyboardInterrupt:
        pass
    finally:
        hall.close()


COMMANDS.append(hall_cmd)
