"""`clacks-hw demo`: automatic players play a whole game on the virtual board, move by move."""

from __future__ import annotations

import random
import sys
import time

import click

from ..game.clacks.bots import bot_action
from ..game.clacks.config import ClacksConfig
from ..game.clacks.setup import deal_words
from ..game.core.engine import apply, new_game
from ..game.core.errors import SetupError
from ..game.core.registry import game_for, modes, variants
from ..game.core.rejection import Rejection
from ..game.klackers.bots import BOTS as KLACKERS_BOTS
from ..game.klackers.config import ROUNDS as KLACKERS_ROUNDS
from ..views.text_board import render
from . import COMMANDS
from .common import BAD_CONFIG, computer_option, edition_option, load_edition_or_exit
from .computer_demo import watch
from .klackers_demo import klackers_state
from .klackers_demo import run_demo as run_klackers_demo

MAX_ACTIONS = 20_000  # a safety net: bot games end in a few hundred actions


def demo_config(edition, mode: str, players: int, seed: int, route: str, variants) -> ClacksConfig:
    game = game_for(mode)
    seats = game.seating_for(players)
    if seats is None:
        allowed = ", ".join(map(str, sorted({len(s) for s in game.seatings()})))
        raise click.UsageError(f"a {mode} game is played by {allowed} players, not {players}")
    slots = game.word_slots(seats, variants)
    words = deal_words(edition, [key for key, _ in slots], slots[0][1], seed)
    return ClacksConfig(seats=seats, words=words, seed=seed, mode=mode, route=route,
                      variants=frozenset(variants))


@click.command("demo")
@click.option("--game", type=click.Choice(["clacks", "klackers"]), default="clacks", show_default=True,
              help="Clacks, or KLACKERS (the dice game on the same board, docs/klackers.md; "
                   "the same as --mode klackers).")
@click.option("--mode", type=click.Choice(modes()), default="competitive", show_default=True,
              help="Which game the automatic players play.")
@click.option("--players", type=int, default=None,
              help="How many players (competitive/race 2-4; default 4, solitaire 1, junior 2).")
@click.option("--seed", type=int, default=None, help="Seed for the deal (default: a new game each time).")
@click.option("--route", type=click.Choice(["easy", "hard"]), default="easy", show_default=True,
              help="The race's route to Genua.")
@click.option("--variant", "variants", multiple=True,
              type=click.Choice(sorted({v for vs in variants().values() for v in vs})),
              help="A variant to switch on (repeatable), e.g. --variant quick (KLACKERS: hughie, ...).")
@click.option("--rounds", type=click.IntRange(*KLACKERS_ROUNDS), default=3, show_default=True,
              help="KLACKERS: the game ends when this many rounds have been won.")
@click.option("--bot", type=click.Choice(KLACKERS_BOTS), default="best", show_default=True,
              help="KLACKERS: how the automatic players play.")
@click.option("--delay", type=float, default=None,
              help="Seconds between moves (default 0.6 on a terminal, 0 when piped).")
@click.option("--ascii", "ascii_", is_flag=True, help="Draw lamps as '#'/'.'.")
@edition_option
@computer_option
def demo_cmd(game, mode, players, seed, route, variants, rounds, bot, delay, ascii_, edition_dir, computer):
    """Watch automatic players play a complete game on the virtual board.

    Each move is drawn as it happens; the game ends with the winner. Works the same when the
    output is not a terminal (no delay, plain text). With --computer, the computer players at
    the strengths given play (the other seats strong), each move said with why.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    tty = sys.stdout.isatty()
    delay = (0.6 if tty else 0.0) if delay is None else max(0.0, delay)
    if game == "klackers" or game_for(mode).dice:
        if computer is not None:
            return watch(klackers_state(4 if players is None else players, seed, variants, rounds),
                         computer, seed, delay, ascii_)
        return run_klackers_demo(4 if players is None else players, seed, variants, rounds, bot, delay, ascii_)
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
    rng = random.Random(seed)
    click.echo(f"Demo game, seed {seed} (replay it with --seed {seed}).\n")
    click.echo(render(state, ascii=ascii_))
    actions = 0
    while not state.over and actions < MAX_ACTIONS:
        action = bot_action(state, rng)
        after = apply(state, action)
        if isinstance(after, Rejection):  # bots only choose legal actions; say so loudly if not
            click.echo(f"automatic player error: {action} refused: {after.message}", err=True)
            raise SystemExit(1)
        state, actions = after, actions + 1
        if delay:
            time.sleep(delay)
        click.echo(f"--- {action}")
        if action.act != "play" or state.turn.seat != action.seat or state.over:
            click.echo(render(state, ascii=ascii_, actions=actions))
    if not state.over:
        click.echo(f"No winner after {actions} actions; stopping.")
        raise SystemExit(1)


COMMANDS.append(demo_cmd)
