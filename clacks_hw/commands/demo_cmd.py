"""`clacks-hw demo`: automatic players play a whole game on the virtual board, move by move."""

from __future__ import annotations

import sys
import time

import click

from . import COMMANDS
from .common import BAD_CONFIG, LazyChoice, computer_option, edition_option, game_modes, game_variants, load_edition_or_exit

MAX_ACTIONS = 20_000  # a safety net: bot games end in a few hundred actions
COUNTDOWN_S = 3  # on a terminal, seconds counted down before the first move


def in_place(text: str) -> str:
    """``text`` drawn over the last drawing from the top left (each line, then the rest of the
    screen, cleared after it): nothing scrolls away, nothing goes to the scrollback."""
    return "\x1b[H" + "\n".join(line + "\x1b[K" for line in text.splitlines()) + "\x1b[J"


def screen(text: str) -> str:
    """A position as the demo draws it in place: without the blank line under its title, so a
    4-player game with a notice still fits 24 rows below the move line."""
    lines = text.splitlines()
    return "\n".join(lines[:2] + lines[3:] if len(lines) > 2 and not lines[2].strip() else lines)


def what_next() -> str:
    """The lines a newcomer reads once the demo's game is over: what to try next."""
    from . import LAZY

    lines = ["What next:"]
    if "play" in LAZY:
        lines.append("  clacks-hw play              play a game yourself against the computer")
    lines += ["  clacks-hw run --virtual     the board in this terminal (? lists the keys)",
              "  clacks-hw demo --mode race  the co-operative Race to Genua (--help: all)",
              "  make test                   the whole test suite",
              "  docs/first-hour.md          from here to a game on a board you built"]
    return "\n".join(lines)


def countdown(seconds: int, sleep) -> None:
    for n in range(seconds, 0, -1):
        click.echo(f"\rThe automatic players start in {n}...", nl=False)
        sleep(1)
    click.echo("\r" + " " * 40 + "\r", nl=False)


def demo_config(edition, mode: str, players: int, seed: int, route: str, variants):
    from ..game.clacks.config import ClacksConfig
    from ..game.clacks.setup import deal_words
    from ..game.core.registry import game_for

    game = game_for(mode)
    seats = game.seating_for(players)
    if seats is None:
        allowed = ", ".join(map(str, sorted({len(s) for s in game.seatings()})))
        raise click.UsageError(f"a {mode} game is played by {allowed} players, not {players}")
    slots = game.word_slots(seats, variants)
    words = deal_words(edition, [key for key, _ in slots], slots[0][1], seed)
    return ClacksConfig(seats=seats, words=words, seed=seed, mode=mode, route=route,
                      variants=frozenset(variants))


def _klackers_bots():
    from ..game.klackers.bots import BOTS

    return BOTS


@click.command("demo")
@click.option("--game", type=click.Choice(["clacks", "klackers", "guards"]), default="clacks", show_default=True,
              help="Clacks, KLACKERS (the dice game on the same board, docs/klackers.md; the same as "
                   "--mode klackers), or Guards! Guards! (random players on the made-up demo edition, or "
                   "with --computer the computer players; docs/guards.md).")
@click.option("--mode", type=LazyChoice(game_modes, "MODE"), default="competitive", show_default=True,
              help="Which game the automatic players play: a mode of any installed game, e.g. race "
                   "(a wrong name lists them all).")
@click.option("--players", type=int, default=None,
              help="How many players (competitive/race 2-4; default 4, solitaire 1, junior_race 2).")
@click.option("--seed", type=int, default=None, help="Seed for the deal (default: a new game each time).")
@click.option("--route", type=click.Choice(["easy", "hard"]), default="easy", show_default=True,
              help="The race's route to Genua.")
@click.option("--variant", "variants", multiple=True,
              type=LazyChoice(game_variants, "VARIANT"),
              help="A variant to switch on (repeatable), e.g. --variant quick (KLACKERS: hughie, ...).")
@click.option("--rounds", type=click.IntRange(1), default=3, show_default=True,
              help="KLACKERS: the game ends when this many rounds have been won.")
@click.option("--bot", type=LazyChoice(_klackers_bots, "BOT"), default="best", show_default=True,
              help="KLACKERS: how the automatic players play.")
@click.option("--delay", type=float, default=None,
              help="Seconds between moves (default 0.6 on a terminal, 0 when piped).")
@click.option("--ascii", "ascii_", is_flag=True, help="Draw lamps as '#'/'.'.")
@edition_option
@computer_option("--computer N, --computer W,E:strong")
def demo_cmd(game, mode, players, seed, route, variants, rounds, bot, delay, ascii_, edition_dir, computer):
    """Watch automatic players play a complete game on the virtual board.

    Each move is drawn as it happens (on a terminal in place, after a short countdown); the
    game ends with the winner and what to try next. Works the same when the output is not a
    terminal (no delay, no countdown, plain text). With --computer, the computer players at
    the strengths given play (the other seats strong), each move said with why.
    """
    import random

    from ..game.core.engine import new_game
    from ..game.core.errors import SetupError
    from ..game.core.registry import game_for
    from ..views.text_board import render
    from .computer_demo import watch
    from .klackers_demo import klackers_state
    from .klackers_demo import run_demo as run_klackers_demo
    from .play_out import play_out, printed, seat_changed

    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    tty = sys.stdout.isatty()
    delay = (0.6 if tty else 0.0) if delay is None else max(0.0, delay)
    if game == "guards" or mode == "guards":
        from .guards_demo import run_demo as run_guards_demo

        return run_guards_demo(4 if players is None else players, seed, delay, computer)
    if game == "klackers" or game_for(mode).dice:
        if computer is not None:
            return watch(klackers_state(4 if players is None else players, seed, variants, rounds),
                         computer, seed, delay, ascii_)
        run_klackers_demo(4 if players is None else players, seed, variants, rounds, bot, delay, ascii_)
        click.echo(what_next())
        return
    edition = load_edition_or_exit(edition_dir)
    if players is None:
        players = max(len(s) for s in game_for(mode).seatings())
    try:
        state = new_game(edition, demo_config(edition, mode, players, seed, route, variants))
    except SetupError as exc:
        click.echo(f"cannot set up that game: {exc}", err=True)
        raise SystemExit(BAD_CONFIG)
    if computer is not None:
        return watch(state, computer, seed, delay, ascii_)
    from ..game.clacks.bots import bot_action as clacks_bot

    rng = random.Random(seed)
    click.echo(f"Demo game, seed {seed} (replay it with --seed {seed}).\n")
    drawn_in_place = tty and delay > 0
    if drawn_in_place:
        countdown(COUNTDOWN_S, time.sleep)
        click.echo(in_place(screen(render(state, ascii=ascii_))), nl=False)
    else:
        click.echo(render(state, ascii=ascii_))

    def shown(line: str, drawing: str | None) -> None:
        if not drawn_in_place:
            printed(line, drawing)
        elif drawing is not None:  # the move line on top, the position below it: 24 lines at most
            click.echo(in_place(f"{line}\n" + screen(drawing)), nl=False)

    state, actions = play_out(
        state, lambda state, n: clacks_bot(state, rng), lambda before, action, after: f"--- {action}",
        lambda state, n: render(state, ascii=ascii_, actions=n), delay=delay, limit=MAX_ACTIONS, show=shown,
        # a Clacks turn is many plays: the position is drawn after every other act too
        redraw=lambda before, action, after: action.act != "play" or seat_changed(before, action, after))
    if drawn_in_place:
        click.echo("")
    if not state.over:
        click.echo(f"No winner after {actions} actions; stopping.")
        raise SystemExit(1)
    click.echo(what_next())


COMMANDS.append(demo_cmd)
