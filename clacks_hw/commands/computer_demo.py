"""`clacks-hw demo --computer SEATS`: computer players at the strengths given play a whole game,
each move printed with what it plays and why; seats not named play strong."""

from __future__ import annotations

import time

import click

from ..game.core.computer import choose, describe, move_rng, to_act
from ..game.core.rejection import Rejection
from .common import BAD_CONFIG

MAX_ACTIONS = 100_000  # a safety net: computer games end in a few hundred actions


def seat_players(state, computer: dict[str, str], default: str = "strong") -> dict[str, str]:
    """Every seat's strength: those ``--computer`` names, the others ``default``; exit 2 naming
    the game's seats when it names a seat not in the game."""
    game = state.config.game
    seats = state.config.seats
    missing = [s for s in computer if s not in seats]
    if missing:
        click.echo(f"--computer: seat {', '.join(missing)} is not in this {game.label or game.name} game "
                   f"(seats: {' '.join(seats)}); name seats of the game, or change --players", err=True)
        raise SystemExit(BAD_CONFIG)
    return {s: computer.get(s, default) for s in seats}


def watch(state, computer: dict[str, str], seed: int, delay: float, ascii_: bool, default: str = "strong") -> None:
    game = state.config.game
    players = seat_players(state, computer, default)
    click.echo(f"Demo game, seed {seed} (replay it with --seed {seed}); computer players: {describe(players)}.\n")
    click.echo(game.text(state, ascii=ascii_))
    for n in range(MAX_ACTIONS):
        seat = to_act(state)
        if seat is None:
            break
        move = choose(state, seat, players[seat], move_rng(state, seat, n))
        after = game.apply(state, move.action)
        if isinstance(after, Rejection):  # computer players only choose legal actions; say so loudly if not
            click.echo(f"computer player error: {move.action} refused: {after.message}", err=True)
            raise SystemExit(1)
        click.echo(f"--- {move.why}")
        if delay:
            time.sleep(delay)
        if to_act(after) != seat or game.is_terminal(after):
            click.echo(game.text(after, ascii=ascii_, actions=n + 1))
        state = after
    if not game.is_terminal(state):
        click.echo(f"No winner after {MAX_ACTIONS} actions; stopping.")
        raise SystemExit(1)
    won = game.winners(state)
    click.echo("Won by " + " and ".join(f"{s} ({players[s]})" for s in won) + "." if won else "Nobody won.")
