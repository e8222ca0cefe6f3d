"""`clacks-hw play`: a game on the emulated board, in the browser (clacks_hw/play/).

Exit status: 0 stopped (Ctrl-C, or --for ran out), 2 bad input (a mode, variant or seats that
do not exist, a port in use, a bad config), 3 the board stopped on an error.
"""

from __future__ import annotations

import errno
import os
import signal
import sys

import time

import click

from . import COMMANDS
from .common import BAD_CONFIG, computer_option, edition_option, hints_option, hints_overrides, load_edition_or_exit

DEFAULT_PORT = 8090
FAILED = 3
KEYS = """\b
On the page (also shown there with ?):
  1..6 = R1..R6   q w e r t y = G1..G6
  [ , Left = PREV   ] . Right = NEXT   o Tab = TURN
  Space Enter = PLAY   Backspace b = BACK   ! = hold PREV+NEXT (abandon)
  a s d f g h j k l ; = tap the cards of the seat to act, in order
  z x c v n m = tap the report cards on the table (race, solitaire)
"""


def _seats(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [c for c in text.upper() if c not in " ,+"]


@click.command("play", epilog=KEYS)
@click.option("--mode", default="competitive", show_default=True, metavar="MODE",
              help="competitive, race, solitaire, junior_race or klackers (Guards! Guards! needs each player's "
                   "phone: play it on the board, docs/guards.md).")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="A variant to switch on (repeatable), e.g. --variant quick.")
@click.option("--seats", default=None, metavar="SEATS",
              help="Who plays, in turn order, e.g. SN or SWNE (default: the mode's first seating).")
@click.option("--route", type=click.Choice(["easy", "hard"]), default="easy", show_default=True,
              help="The team games' route to Genua.")
@click.option("--seed", type=int, default=None, help="Seed for the deals (default: a new game each time).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The page's port (0: any free one).")
@click.option("--bind", default="127.0.0.1", show_default=True,
              help="The address the page listens on (this computer only, unless you change it).")
@click.option("--no-browser", is_flag=True, help="Print the page's address; do not open a browser.")
@click.option("--journal-dir", type=click.Path(file_okay=False), default=None,
              help="Where the games are kept (default ~/.local/state/clacks-hw/play).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Config file (buttons' debounce, game defaults); the board's parts are always emulated.")
@click.option("--for", "duration", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after this many seconds.")
@edition_option
@computer_option("--computer N, --seats SWNE --computer W,E:strong")
@hints_option
def play_cmd(mode, variants, seats, route, seed, port, bind, no_browser, journal_dir, config_path, duration,
             edition_dir, computer, hints):
    """Play a game on the emulated board, in your browser.

    The page is the board: its lamps, tower buttons and seat indicators lit as the LEDs would
    be, each seat's hand to tap, the buttons to press. It drives the emulated parts of the real
    board daemon (the same engine and journal as a built board). --computer N:strong has the
    computer play seat N (easy, normal or strong). An unfinished game resumes when you play again,
    unless you ask for another game (--mode, --seats, --variant, --route or --computer that differ).
    """
    from ..config.load import ConfigError
    from ..daemon.screens.admin import requested_menu
    from ..play.address import key_url, listen, new_secret, page_url

    # The built-in edition loads with the board, after the address is out; another one is checked first.
    edition = load_edition_or_exit(edition_dir) if edition_dir is not None else None
    params = {"mode": mode, "variants": list(variants), "route": route}
    if seats is not None:
        params["seats"] = _seats(seats)
    if computer is not None:
        params["computer"] = computer
    why = requested_menu(params, edition)
    if not isinstance(why, str):
        from ..play.page_json import not_on_one_page

        why = not_on_one_page(mode) or why
    if isinstance(why, str):
        click.echo(f"cannot play that game: {why}", err=True)
        raise SystemExit(BAD_CONFIG)
    ctx = click.get_current_context()
    defaults = (click.core.ParameterSource.DEFAULT, click.core.ParameterSource.DEFAULT_MAP)
    given = {n for n in GAME_OPTIONS if ctx.get_parameter_source(n) not in defaults}
    from ..play.table import PlayTable
    from .own_dirs import play_dir

    directory = os.path.abspath(journal_dir or play_dir())
    try:
        table = PlayTable(config_path, directory, seed=seed, edition=edition, overrides=hints_overrides(hints))
    except ConfigError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG)
    try:
        try:
            sock = listen(bind, port)
        except OSError as exc:
            click.echo(_bind_problem(bind, port, exc), err=True)
            raise SystemExit(BAD_CONFIG)
        secret = new_secret()
        launcher = _announce(key_url(page_url(sock), secret), sock, no_browser)
        try:
            from ..play.server import PlayServer  # aiohttp: the longest import, while the browser starts

            server = PlayServer(table, bind, port, secret=secret, sock=sock)
            code = _play(table, server, params, duration, (why, given))
        finally:
            if launcher is not None:
                launcher.close()
    finally:
        table.close()
    raise SystemExit(code)


def _announce(url: str, sock, no_browser: bool):
    """Print the address, and open it in the browser unless told not to (or there is no desktop);
    the launcher page, to remove at the end, or None."""
    from ..play.browser import Launcher, can_open

    launcher = None
    if not no_browser and can_open():
        launcher = Launcher(url)
        if not launcher.open():
            launcher.close()
            launcher = None
    how = "opened in your browser" if launcher else "open it in a browser on this computer"
    click.echo(f"The board is at {url}  ({how})")
    host = sock.getsockname()[0]
    if host not in ("127.0.0.1", "::1"):
        click.echo(f"note: the page listens on {host}: other machines can reach it; "
                   "the key in the address is all that keeps them from playing", err=True)
    sys.stdout.flush()
    return launcher


def _bind_problem(bind: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (f"port {port} on {bind} is in use (another `clacks-hw play`, or another program).\n"
                f"  fix: stop it, or pass --port with a free port (--port 0 picks one)")
    if exc.errno == errno.EACCES:
        return f"port {port} needs root here.\n  fix: pass --port 1024 or above (--port 0 picks a free one)"
    return (f"cannot listen on {bind} port {port}: {exc.strerror or exc}.\n"
            f"  fix: pass --bind 127.0.0.1 (this computer) or an address of this machine")


GAME_OPTIONS = ("mode", "seats", "variants", "route", "computer")


def _differences(config, menu, given) -> list[str]:
    """How the game ``config`` differs from ``menu`` (the one asked for) in the options given on
    the command line: one phrase each, e.g. "mode race, not competitive"."""
    def variants(v):
        return sorted(set(v) - {"hard_route"})

    def computer(c):
        return ",".join(f"{s}:{k}" for s, k in sorted(dict(c).items())) or "none"

    out = []
    for name, now, asked in (
            ("mode", config.mode, menu.mode), ("seats", "".join(config.seats), "".join(menu.seats)),
            ("variants", " ".join(variants(config.variants)) or "none", " ".join(variants(menu.variants)) or "none"),
            ("route", "hard" if "hard_route" in config.variants else "easy",
             "hard" if "hard_route" in menu.variants else "easy"),
            ("computer", computer(config.computer), computer(menu.computer))):
        if name in given and now != asked:
            out.append(f"{name} {asked}, not {now}")
    return out


def _unfinished(table, params: dict, asked) -> None:
    """An unfinished game is on the board: resumed when nothing given on the command line
    differs from it; else it is abandoned (its journal kept) and the game asked for started.
    Which one happened is said here and on the page."""
    menu, given = asked
    config = table.controller.session.state.config
    differ = _differences(config, menu, given)
    journal = table.journal
    if not differ:
        click.echo(f"An unfinished game resumed ({journal}); abandon it on the page "
                   "(hold PREV+NEXT) to start another.")
        return
    answer = table.command("abandon", {}, by="clacks-hw play") or table.command("new_game", params, by="clacks-hw play")
    if answer is not None:
        click.echo(f"note: the unfinished game ({journal}) goes on: no new game: {answer}", err=True)
        return
    line = (f"Started the game asked for ({'; '.join(differ)}): the unfinished {config.mode} game was not resumed; "
            f"its journal is kept as {journal.name}.abandoned")
    click.echo(f"{line} ({journal.parent}).")
    table.tell(line + ".")


def _play(table, server, params: dict, duration, asked) -> int:
    from ..daemon.app import StartupError

    def on_signal(signum, frame):
        table.stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    server.start()  # the page first, then the board: the browser loads the page while the daemon starts
    try:
        try:
            table.start()
        except StartupError as exc:
            click.echo(str(exc), err=True)
            return BAD_CONFIG
        if not table.wait_ready():
            click.echo(f"the board did not start: {table.error}", err=True)
            return FAILED
        if table.controller.in_game:
            _unfinished(table, params, asked)
        else:
            answer = table.command("new_game", params, by="clacks-hw play")
            if answer is not None:
                click.echo(f"note: no new game: {answer}", err=True)
        click.echo("Ctrl-C stops the board; an unfinished game resumes with the next `clacks-hw play`.")
        _wait(table, duration)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    if table.error is not None:
        click.echo(f"the board stopped on an error: {table.error}", err=True)
        return FAILED
    click.echo(table.daemon.farewell().rstrip())
    return 0


def _wait(table, duration) -> None:
    until = None if duration is None else time.monotonic() + duration
    while not table.stop.is_set():
        left = None if until is None else until - time.monotonic()
        if left is not None and left <= 0:
            return
        table.stop.wait(0.5 if left is None else min(0.5, left))


COMMANDS.append(play_cmd)

