"""`clacks-hw demo --game klackers`: automatic players play a whole game of KLACKERS."""

from __future__ import annotations

import random

import click

from ..game.core.errors import SetupError
from ..game.klackers.bots import bot_action
from ..game.klackers.config import KlackersConfig, klackers_config, seatings
from ..game.klackers.state import new_game
from ..game.klackers.view import narrate, render
from .common import BAD_CONFIG
from .play_out import play_out

MAX_ACTIONS = 100_000  # a safety net: a 3-round game takes a few hundred actions


def demo_config(players: int, seed: int, variants, rounds: int) -> KlackersConfig:
    by_count = {len(s): s for s in seatings()}
    if players not in by_count:
        raise click.UsageError(f"KLACKERS is played by {', '.join(map(str, by_count))} players, not {players}")
    return klackers_config(seats=by_count[players], seed=seed, variants=frozenset(variants), rounds=rounds)


def klackers_state(players: int, seed: int, variants, rounds: int):
    """The first state of the demo's game; exit 2 saying why when it cannot be set up."""
    try:
        return new_game(demo_config(players, seed, variants, rounds))
    except SetupError as exc:
        click.echo(f"cannot set up that game: {exc}", err=True)
        raise SystemExit(BAD_CONFIG)


def run_demo(players: int, seed: int, variants, rounds: int, bot: str, delay: float, ascii_: bool) -> None:
    state = klackers_state(players, seed, variants, rounds)
    rng = random.Random(seed)
    click.echo(f"KLACKERS demo game, seed {seed} (replay it with --seed {seed}), {bot} players.\n")
    state, actions = play_out(state, lambda state, n: bot_action(state, rng, bot), narrate,
                              lambda state, n: "\n" + render(state, ascii=ascii_, actions=n),
                              delay=delay, limit=MAX_ACTIONS)
    if not state.over:
        click.echo(f"No winner after {actions} actions; stopping.")
        raise SystemExit(1)
