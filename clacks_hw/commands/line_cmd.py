"""`clacks-hw line open` and `clacks-hw line join`: one game between two places through an MQTT
broker both reach (docs/line-protocol.md).

`open` runs this board (or the virtual one) as the host, the referee: it makes a line code and
says it; its game is dealt on this board as always. `join CODE` makes this terminal the other
place's board for its seat: its keys and taps go over the line, the host's lamps light here.

Exit status: 0 stopped (Ctrl-C, Ctrl-D or --for), 2 a bad option, code or config.
"""

from __future__ import annotations

import os
import sys
import threading

import click

from . import COMMANDS
from .common import BAD_CONFIG
from .own_dirs import virtual_board_config
from .run_cmd import KEYS_HELP, VIRTUAL_OVERRIDES

SEATS = click.Choice(["S", "W", "N", "E"])
VERSIONS = {"protocol": 1}


def _fail(message: str) -> None:
    click.echo(message, err=True)
    raise SystemExit(BAD_CONFIG)


def _broker_options(f):
    f = click.option("--broker-port", type=click.IntRange(1, 65535), default=1883, show_default=True)(f)
    return click.option("--broker", default="127.0.0.1", show_default=True,
                        help="The MQTT broker both places reach (a host name or address).")(f)


def _code(typed: str | None) -> str:
    from ..line import code as line_code
    try:
        return line_code.parse(typed) if typed else line_code.new_code()
    except line_code.BadLineCode as exc:
        _fail(f"the line code {typed!r}: {exc}")


def _secret(folder: str):
    from ..mqtt.signing import BadKey, stored_key
    try:
        return stored_key(folder)[0]
    except (OSError, BadKey) as exc:
        _fail(f"{folder}: cannot keep this board's key there ({exc})\n  fix: give --journal-dir a folder "
              "of your own that you can write")


@click.group("line")
def line_cmd():
    """One game between two places: open a line here, or join one with its code."""


@line_cmd.command("open", epilog=KEYS_HELP)
@click.option("--guest", "guests", type=SEATS, multiple=True, required=True,
              help="A seat played at the other place (repeatable).")
@click.option("--code", "typed", default=None, metavar="CODE",
              help="Open again the line of this code (after a restart); default a new one.")
@click.option("--virtual", is_flag=True, help="The board drawn in the terminal, keys for its buttons.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else built-in defaults).")
@click.option("--journal-dir", type=click.Path(file_okay=False), default=None,
              help="Where game journals and the line's record are kept (overrides journal.dir).")
@_broker_options
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after this long (default: until Ctrl-C).")
def open_cmd(guests, typed, virtual, config_path, journal_dir, broker, broker_port, duration):
    """Open a line: this board is the host and deals the game; the other place plays the
    --guest seats, e.g. `clacks-hw line open --virtual --guest N --broker clacks.example.org`,
    then at the other place `clacks-hw line join ABCDEFGHJKLM --seat N --broker clacks.example.org`."""
    from ..config.load import ConfigError, load_config
    from ..daemon.app import Seams, StartupError, run
    from ..line import code as line_code
    from ..line.host import LineHost
    from ..line.keys import host_keys
    from ..line.link import LineLink
    from ..line.referee import Referee
    from ..line.store import LineStore

    overrides = dict(VIRTUAL_OVERRIDES) if virtual else {}
    if journal_dir is not None:
        overrides["journal.dir"] = os.path.abspath(journal_dir)
    try:
        config = (virtual_board_config(config_path, overrides, lambda line: click.echo(line, err=True)) if virtual
                  else load_config(config_path, overrides=overrides))
    except ConfigError as exc:
        _fail(str(exc))
    code = _code(typed)
    key, box = host_keys(_secret(config.journal.dir), code)
    guests = tuple(dict.fromkeys(guests))
    store = LineStore(config.journal.dir, line_code.line_id(code))  # the join and log kept, if it ran before
    referee = Referee(code, {"board": "the host's"}, [s for s in "SWNE" if s not in guests], guests, VERSIONS, key, box,
                      join=store.join, log=store.entries)
    link = LineLink(referee, store, client_id=key.client_id("line-host"))
    hosts: list[LineHost] = []

    def on_ready(daemon):
        daemon.controller.remote_seats = frozenset(guests)  # their turns are played at the other place
        hosts.append(LineHost(link, daemon.events, daemon.clock).start(broker, broker_port))

    click.echo(f"line code: {line_code.grouped(code)}\n  at the other place: clacks-hw line join {code} "
               f"--seat {guests[0]} --broker {broker}", err=True)
    stop = threading.Event()
    seams = Seams(stop=stop, input=sys.stdin if virtual else None, on_ready=on_ready,
                  observer=lambda item: hosts and hosts[0].observe(item))
    try:
        status = run(config, virtual=virtual, duration=duration, seams=seams)
    except StartupError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        status = 0
    finally:
        for h in hosts:
            h.close()
    raise SystemExit(status)


@line_cmd.command("join", epilog=KEYS_HELP)
@click.argument("typed", metavar="CODE")
@click.option("--seat", type=SEATS, required=True, help="The seat this place plays.")
@click.option("--place", default="the other place", show_default=True,
              help="What the host's board calls this place.")
@click.option("--journal-dir", type=click.Path(file_okay=False), default=None,
              help="Where this place keeps the line's record and its key (default ~/.local/state/clacks-hw).")
@_broker_options
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after this long (default: until Ctrl-C or Ctrl-D).")
def join_cmd(typed, seat, place, journal_dir, broker, broker_port, duration):
    """Join a line with the code the host's board shows: this terminal is your seat's board,
    e.g. `clacks-hw line join ABCD-EFGH-JKLM --seat N --broker clacks.example.org`."""
    import queue
    import time

    from ..base.clock import SystemClock
    from ..daemon.keyboard import Keyboard
    from ..drivers.leds_virtual import VirtualLeds
    from ..line import code as line_code
    from ..line.follower import Follower
    from ..line.guest import GuestBoard
    from ..line.keys import guest_keys
    from ..line.link import LineLink
    from ..line.store import LineStore

    code = _code(typed)
    folder = os.path.abspath(journal_dir or os.path.join(os.environ.get("XDG_STATE_HOME") or
                                                         os.path.expanduser("~/.local/state"), "clacks-hw"))
    os.makedirs(folder, mode=0o700, exist_ok=True)
    place_key, seats = guest_keys(_secret(folder), code, [seat])
    store = LineStore(folder, line_code.line_id(code))
    follower = Follower(code, place, VERSIONS, place_key, seats, log=store.entries, waiting=store.waiting())
    link = LineLink(follower, store, client_id=place_key.client_id("line-guest")).connect(broker, broker_port)
    events: queue.Queue = queue.Queue()
    clock = SystemClock()
    keys = Keyboard(sys.stdin, events.put, clock, out=sys.stderr).start()
    board = GuestBoard(link, seat, VirtualLeds(stream=sys.stdout, clock=clock), lambda text: click.echo(text, err=True))
    click.echo(f"joining line {follower.line} through {broker}:{broker_port} as seat {seat}...", err=True)
    end = None if duration is None else time.monotonic() + duration
    try:
        while board.step(events) and (end is None or time.monotonic() < end):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        keys.stop()
        link.close()
    raise SystemExit(0)


COMMANDS.append(line_cmd)
