"""`clacks-hw demo --game guards`: random automatic players play a game of Guards! Guards! on the
made-up demo edition, every test judged and narrated as the shared screen would (no secrets).
With ``--computer`` the computer players play it instead, at the strengths given (the seats not
named strong), each move said with why and each die with what it showed."""

from __future__ import annotations

import random
import time

import click

from ..game.core.computer import choose, describe, move_rng, to_act
from ..game.core.engine import apply, new_game
from ..game.core.errors import SetupError
from ..game.core.rejection import Rejection
from ..game.core.view import PUBLIC
from ..game.guards.config import GuardsConfig
from ..game.guards.game import GUARDS
from ..game.guards.view import narrate, render
from .common import BAD_CONFIG

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
    actions = 0
    while not state.over:
        stop = actions >= MAX_ACTIONS
        action = GUARDS.parse_action({"seat": GUARDS.current_player(state), "act": "stop"}) if stop and \
            state.pending is None and state.prompt is None and state.fight is None else GUARDS.bot_action(state, rng)
        after = apply(state, action)
        if isinstance(after, Rejection):  # the random player chooses legal actions only; say so loudly if not
            click.echo(f"automatic player error: {action} refused: {after.message}", err=True)
            raise SystemExit(1)
        click.echo(narrate(state, action, after))
        state, actions = after, actions + 1
        if delay:
            time.sleep(delay)
        if state.seat != action.seat or state.over:
            click.echo("\n" + render(state, PUBLIC, actions))


def _computer_game(state, computer: dict[str, str], seed: int, delay: float) -> None:
    from .computer_demo import seat_players

    players = seat_players(state, computer)
    click.echo(f"Guards! Guards! demo game on the MADE-UP demo edition, seed {seed} (replay it with --seed {seed}); "
               f"computer players: {describe(players)}; the public view.\n")
    click.echo(render(state, PUBLIC))
    for n in range(MAX_ACTIONS):
        seat = to_act(state)
        if seat is None:
            break
        move = choose(state, seat, players[seat], move_rng(state, seat, n))
        after = apply(state, move.action)
        if isinstance(after, Rejection):  # computer players only choose legal actions; say so loudly if not
            click.echo(f"computer player error: {move.action} refused: {after.message}", err=True)
            raise SystemExit(1)
        click.echo(f"--- {move.why}")
        if move.action.act == "roll":
            click.echo(f"    {narrate(state, move.action, after)}")
        if delay:
            time.sleep(delay)
        if state.seat != after.seat or after.over:
            click.echo("\n" + render(after, PUBLIC, n + 1))
        state = after
    if not state.over:
        click.echo(f"No winner after {MAX_ACTIONS} actions; stopping.")
        raise SystemExit(1)
    won = state.winners
    click.echo("Won by " + " and ".join(f"{s} ({players[s]})" for s in won) + "." if won else
               "Nobody won: the dragons took the city.")
