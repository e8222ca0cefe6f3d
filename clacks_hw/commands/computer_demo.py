"""`clacks-hw demo --computer SEATS`: computer players at the strengths given play a whole game,
each move printed with what it plays and why; seats not named play strong."""

from __future__ import annotations

import click

from ..game.core.computer import choose, describe, move_rng, to_act
from .common import BAD_CONFIG
from .play_out import play_out

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


def said(before, move, after) -> str:
    """A computer's move as the demo prints it: what it does and why."""
    return f"--- {move.why}"


def watch(state, computer: dict[str, str], seed: int, delay: float, ascii_: bool, default: str = "strong",
          draw=None, say=said) -> None:
    """``draw(state, n)``: the position (default: the terminal's text); ``say``: a move's line."""
    from ..views.text_board import render

    game = state.config.game
    players = seat_players(state, computer, default)
    draw = draw or (lambda state, n: render(state, ascii=ascii_, actions=n))  # with the decisive moments
    click.echo(f"Demo game, seed {seed} (replay it with --seed {seed}); computer players: {describe(players)}.\n")
    click.echo(draw(state, 0))

    def move(state, n: int):
        seat = to_act(state)
        return choose(state, seat, players[seat], move_rng(state, seat, n))

    state, _ = play_out(state, move, say, draw, delay=delay, limit=MAX_ACTIONS, player="computer player")
    if not game.is_terminal(state):
        click.echo(f"No winner after {MAX_ACTIONS} actions; stopping.")
        raise SystemExit(1)
    won = game.winners(state)
    click.echo("Won by " + " and ".join(f"{s} ({players[s]})" for s in won) + "." if won else "Nobody won.")
