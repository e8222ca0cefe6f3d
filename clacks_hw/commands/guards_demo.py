"""`clacks-hw demo --game guards`: random automatic players play a game of Guards! Guards! on the
made-up demo edition, every test judged and narrated as the shared screen would (no secrets).
With ``--computer`` the computer players play it instead, at the strengths given (the seats not
named strong), each move said with why and each die with what it showed."""

from __future__ import annotations

import random

import click

from ..game.core.engine import new_game
from ..game.core.errors import SetupError
from ..game.core.view import PUBLIC
from ..game.guards.config import GuardsConfig
from ..game.guards.game import GUARDS
from ..game.guards.view import narrate, render
from .common import BAD_CONFIG
from .play_out import play_out

MAX_ACTIONS = 3000  # random players may wander: past this the game is stopped and ranked
SEATINGS = {len(s): s for s in GUARDS.seatings()}


def run_demo(players: int, seed: int, delay: float, computer: dict[str, str] | None = None) -> None:
    if players not in SEATINGS:
        raise click.UsageError(f"Guards! Guards! is played by {', '.join(map(str, SEATINGS))} players, not {players}")
    try:
        state = new_game(None, GuardsConfig(seats=SEATINGS[players], seed=seed))
    except SetupError as exc:
        click.echo(f"cannot set up that game: {exc}", err=True)
        raise SystemExit(BAD_CONFIG)
    if computer is not None:
        return _computer_game(state, computer, seed, delay)
    rng = random.Random(seed)
    click.echo(f"Guards! Guards! demo game on the MADE-UP demo edition, seed {seed} (replay it with --seed {seed}); "
               "random players, the public view.\n")
    click.echo(render(state, PUBLIC))

    def choose(state, n: int):
        if n >= MAX_ACTIONS and state.pending is None and state.prompt is None and state.fight is None:
            return GUARDS.parse_action({"seat": GUARDS.current_player(state), "act": "stop"})
        return GUARDS.bot_action(state, rng)

    play_out(state, choose, narrate, lambda state, n: "\n" + render(state, PUBLIC, n), delay=delay)


def _computer_game(state, computer: dict[str, str], seed: int, delay: float) -> None:
    """The computer players' game, drawn in the public view (the terminal is the shared screen),
    each die followed by what it showed."""
    from .computer_demo import said, watch

    def say(before, move, after) -> str:
        line = said(before, move, after)
        return line + f"\n    {narrate(before, move.action, after)}" if move.action.act == "roll" else line

    watch(state, computer, seed, delay, False, draw=lambda state, n: "\n" + render(state, PUBLIC, n or None), say=say)
