"""`clacks-hw demo --computer SEATS`: computer players at the strengths given play a whole game,
each move printed with what it plays and why; seats not named play strong."""

from __future__ import annotations

import click

from ..game.core.computer import choose, describe, move_rng, to_act
from .common import BAD_CONFIG
from .play_out import play_out

MAX_ACTIONS = 100_000  # a safety net: computer games end in a few hundred actions


def watch(state, computer: dict[str, str], seed: int, delay: float, ascii_: bool, default: str = "strong") -> None:
    game = state.config.game
    seats = state.config.seats
    missing = [s for s in computer if s not in seats]
    if missing:
        click.echo(f"--computer: seat {', '.join(missing)} is not in this {game.label or game.name} game "
                   f"(seats: {' '.join(seats)}); name seats of the game, or change --players", err=True)
        raise SystemExit(BAD_CONFIG)
    players = {s: computer.get(s, default) for s in seats}
    click.echo(f"Demo game, seed {seed} (replay it with --seed {seed}); computer players: {describe(players)}.\n")
    click.echo(game.text(state, ascii=ascii_))

    def move(state, n: int):
        seat = to_act(state)
        return choose(state, seat, players[seat], move_rng(state, seat, n))

    state, _ = play_out(state, move, lambda before, move, after: f"--- {move.why}",
                        lambda state, n: game.text(state, ascii=ascii_, actions=n), delay=delay,
                        limit=MAX_ACTIONS, player="computer player")
    if not game.is_terminal(state):
        click.echo(f"No winner after {MAX_ACTIONS} actions; stopping.")
        raise SystemExit(1)
    won = game.winners(state)
    click.echo("Won by " + " and ".join(f"{s} ({players[s]})" for s in won) + "." if won else "Nobody won.")
