"""`clacks-hw demo`: automatic players play a whole game on the virtual board, move by move."""

from __future__ import annotations

import sys
import time

import click

from . import COMMANDS
from .common import BAD_CONFIG, LazyChoice, computer_option, edition_option, game_modes, game_variants, load_edition_or_exit

MAX_ACTIONS = 100_000  # a safety net: automatic players end a game in a few hundred actions
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


def demo_config(edition, mode: str, players: int, seed: int, route: str = "easy", variants=(), rounds=None):
    """The set-up the demo plays, made as the board's set-up menu makes one (a record each game
    takes its own options from): the seats of ``players``, the word cards the game taps dealt
    from the seed. A usage error when the game is not played by that many."""
    from ..game.core.config import config_from_record
    from ..game.core.registry import game_for

    game = game_for(mode)
    seats = game.seating_for(players)
    if seats is None:
        allowed = ", ".join(map(str, sorted({len(s) for s in game.seatings()})))
        raise click.UsageError(f"a {game.label or game.name} game is played by {allowed} players, not {players}")
    slots = game.word_slots(seats, variants)
    words = {}
    if slots:  # dealt from the printed edition, as `clacks-hw run` deals what was not tapped
        from ..game.clacks.setup import deal_words

        words = deal_words(edition, [key for key, _ in slots], slots[0][1], seed)
    record = {"mode": game.name, "seats": seats, "words": words, "hands": "tracked", "seed": seed,
              "variants": sorted(variants), "rounds": rounds}
    if game.routes:
        record["route"] = route
    return config_from_record(record)


def bot_kinds():
    from ..game.core.registry import game_for, modes

    return sorted({k for m in modes() for k in game_for(m).bot_kinds})


def game_names():
    from ..game.core.registry import boxes

    return tuple(boxes())


def chosen_mode(game: str | None, mode: str | None) -> str:
    """The mode to play: ``--mode``, else the first of ``--game``'s, else the board's first."""
    from ..game.core.registry import board_modes, boxes

    if game is None:
        return mode or board_modes()[0]
    box = boxes()[game]
    if mode is None:
        return min(box.modes, key=lambda g: g.order).name
    if mode not in box.mode_names:
        raise click.UsageError(f"--mode {mode} is no mode of {box.title}: choose from {', '.join(box.mode_names)}")
    return mode


@click.command("demo")
@click.option("--game", type=LazyChoice(game_names, "GAME"), default=None,
              help="Which game: clacks, klackers (the dice game on the same board, docs/klackers.md) or guards "
                   "(Guards! Guards! on the made-up demo edition, docs/guards.md); its first mode unless --mode "
                   "names another.")
@click.option("--mode", type=LazyChoice(game_modes, "MODE"), default=None,
              help="Which game the automatic players play: a mode of any installed game, e.g. race "
                   "(a wrong name lists them all; default competitive, the board's first).")
@click.option("--players", type=int, default=None,
              help="How many players (competitive/race 2-4; default the most the game seats, solitaire 1, "
                   "junior_race 2).")
@click.option("--seed", type=int, default=None, help="Seed for the deal (default: a new game each time).")
@click.option("--route", type=click.Choice(["easy", "hard"]), default="easy", show_default=True,
              help="The race's route to Genua.")
@click.option("--variant", "variants", multiple=True,
              type=LazyChoice(game_variants, "VARIANT"),
              help="A variant to switch on (repeatable), e.g. --variant quick (KLACKERS: hughie, ...).")
@click.option("--rounds", type=click.IntRange(1), default=None,
              help="KLACKERS: the game ends when this many rounds have been won (default 3).")
@click.option("--bot", type=LazyChoice(bot_kinds, "BOT"), default=None,
              help="How the automatic players play, in a game whose players can play several ways "
                   "(KLACKERS: best, the default; greedy; random).")
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
    from ..game.core.registry import box_of, game_for
    from ..views.text_board import render
    from .computer_demo import said, watch
    from .play_out import play_out, printed

    mode = chosen_mode(game, mode)
    rules = game_for(mode)  # the game object: everything below asks it, as the board's attract demo does
    if bot is not None and bot not in rules.bot_kinds:
        raise click.UsageError(f"--bot {bot}: the automatic players of {box_of(mode).title} play one way")
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    tty = sys.stdout.isatty()
    delay = (0.6 if tty else 0.0) if delay is None else max(0.0, delay)
    edition = load_edition_or_exit(edition_dir)
    if players is None:
        players = max(len(s) for s in rules.seatings())
    try:
        state = new_game(edition, demo_config(edition, mode, players, seed, route, variants, rounds))
    except SetupError as exc:
        click.echo(f"cannot set up that game: {exc}", err=True)
        raise SystemExit(BAD_CONFIG)

    def draw(state, n):
        return render(state, ascii=ascii_, actions=n or None, view=rules.demo_view)

    if computer is not None:
        def say(before, move, after) -> str:  # a die is said with what it showed: the move cannot know
            line = said(before, move, after)
            return line + f"\n    {rules.narrate(before, move.action, after)}" if move.action.act == "roll" else line

        return watch(state, computer, seed, delay, ascii_, draw=draw, say=say)
    rng = random.Random(seed)
    kind = bot or (rules.bot_kinds[0] if rules.bot_kinds else None)
    players_are = f", {kind} players" if kind else ""
    click.echo(f"{box_of(mode).title} demo game, seed {seed} (replay it with --seed {seed}){players_are}.\n")
    drawn_in_place = tty and delay > 0
    if drawn_in_place:
        countdown(COUNTDOWN_S, time.sleep)
        click.echo(in_place(screen(draw(state, 0))), nl=False)
    else:
        click.echo(draw(state, 0))

    def shown(line: str, drawing: str | None) -> None:
        if not drawn_in_place:
            printed(line, drawing)
        elif drawing is not None:  # the move line on top, the position below it: 24 lines at most
            click.echo(in_place(f"{line}\n" + screen(drawing)), nl=False)

    state, actions = play_out(
        state, lambda state, n: rules.demo_action(state, n, rng, kind), rules.narrate, draw,
        delay=delay, limit=MAX_ACTIONS, show=shown,
        # in place every move is drawn (nothing scrolls); printed, the position once another seat is to act
        **({"redraw": lambda before, action, after: True} if drawn_in_place else {}))
    if drawn_in_place:
        click.echo("")
    if not rules.is_terminal(state):
        click.echo(f"No winner after {actions} actions; stopping.")
        raise SystemExit(1)
    click.echo(what_next())


COMMANDS.append(demo_cmd)
