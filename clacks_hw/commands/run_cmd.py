"""`clacks-hw run`: the board daemon (real hardware, or `--virtual` in the terminal)."""

from __future__ import annotations

import os
import sys
import threading

import click

from . import COMMANDS
from .common import BAD_CONFIG, computer_option, computer_overrides, hints_option, hints_overrides
from .own_dirs import virtual_board_config

# --virtual: LEDs in the terminal, buttons on the keyboard. A card reader the config names by its
# port (an emulated one: `clacks-hw emulate`) is used as well; "auto" is never probed for.
VIRTUAL_OVERRIDES = {"leds.backend": "virtual", "buttons.pin_factory": "mock"}

KEYS_HELP = """\b
Virtual board keys (--virtual):
  1..6 = R1..R6   q w e r t y = G1..G6
  [ , Left = PREV   ] . Right = NEXT   o Tab = TURN
  Space Enter = PLAY   Backspace b = BACK   ! = PREV+NEXT reset
  :J05 Enter = tap card J05 (F03 fault, W:GUILD word card)
  ? = help   Ctrl-D Ctrl-C = quit
Without a terminal (a pipe, /dev/null) the same keys are read
from stdin and the board is printed as plain text.
"""


@click.command("run", epilog=KEYS_HELP)
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (default /etc/clacks-hw/config.toml, else built-in defaults).")
@click.option("--virtual", is_flag=True, help="Emulated hardware: the board drawn in the terminal, "
                                              "keys for the buttons and for tapping cards.")
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Exit cleanly after this many seconds.")
@click.option("--journal-dir", type=click.Path(file_okay=False), default=None,
              help="Where game journals are kept (overrides journal.dir).")
@click.option("--frame-log", type=click.Path(dir_okay=False), default=None,
              help="Append every frame shown to this file (JSON lines), for diagnosis and tests.")
@computer_option("--computer N, --computer N:strong")
@hints_option
def run_command(config_path, virtual, duration, journal_dir, frame_log, computer, hints):
    """Run the board daemon: referee games on the lit board.

    With no game running it plays an attract demo; PLAY starts the set-up. After a crash or
    power cut it resumes the newest unfinished game from its journal. --computer (or
    game.computer in the config) makes seats computer players in the set-up; the tower
    buttons on the set-up's seats page change them.
    """
    import signal

    from ..config.load import ConfigError, load_config
    from ..daemon.app import Seams, StartupError, run

    overrides = {**(VIRTUAL_OVERRIDES if virtual else {}), **computer_overrides(computer), **hints_overrides(hints)}
    if journal_dir is not None:
        # Absolute, not resolved: the daemon checks every link on the way (secure_files.py).
        overrides["journal.dir"] = os.path.abspath(journal_dir)
    try:
        if virtual:
            config = virtual_board_config(config_path, overrides, lambda line: click.echo(line, err=True))
        else:
            config = load_config(config_path, overrides=overrides)
    except ConfigError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG)
    if virtual and config.reader.type != "none" and config.reader.port != "auto":
        click.echo(f"The virtual board also reads cards from the {config.reader.type} reader at "
                   f"{config.reader.port} (reader.port).", err=True)
    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    seams = Seams(stop=stop, input=sys.stdin if virtual else None, frame_log=frame_log)
    try:
        code = run(config, virtual=virtual, duration=duration, journal_dir=journal_dir, seams=seams)
    except StartupError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG)
    except KeyboardInterrupt:
        code = 0
    raise SystemExit(code)


COMMANDS.append(run_command)
