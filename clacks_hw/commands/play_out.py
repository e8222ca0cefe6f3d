"""The demos' one loop: automatic players play a game to its end, one action at a time, in any
game (`clacks-hw demo` for Clacks, KLACKERS and Guards! Guards!, and with --computer).

Each action is chosen, applied by the game's own rules (a refusal is a bug in the player, said
loudly, exit 1), said in a line, paused after (``delay``), and the position drawn again when
the seat to act changes or the game ends. What a demo chooses, says and draws, and how it
shows it (printed, or drawn in place on a terminal), are its own.
"""

from __future__ import annotations

import time
from typing import Callable

import click

from ..game.core.rejection import Rejection


def seat_changed(before, action, after) -> bool:
    """Draw the position again once another seat is to act, or the game is over."""
    game = after.config.game
    return game.is_terminal(after) or game.acting_seat(after) != game.acting_seat(before)


def printed(line: str, drawing: str | None) -> None:
    """Print the action's line, then the position when it is drawn again."""
    click.echo(line)
    if drawing is not None:
        click.echo(drawing)


def play_out(state, choose: Callable, say: Callable, draw: Callable, *, delay: float = 0.0,
             limit: int | None = None, redraw: Callable = seat_changed, show: Callable = printed,
             player: str = "automatic player", sleep: Callable[[float], None] = time.sleep):
    """Play ``state`` on until the game is over (or ``limit`` actions): (the last state, how
    many actions were applied).

    ``choose(state, n)``: the ``n``-th move, an action or anything with an ``action``
    (a computer's Move, which says why); ``say(before, move, after)``: its line;
    ``draw(state, n)``: the position after ``n`` actions; ``redraw(before, action, after)``:
    whether to draw it now; ``show(line, drawing or None)``: puts both on the screen."""
    game = state.config.game
    n = 0
    while not game.is_terminal(state) and (limit is None or n < limit):
        move = choose(state, n)
        action = getattr(move, "action", move)
        after = game.apply(state, action)
        if isinstance(after, Rejection):  # players choose legal actions only: a bug, said loudly
            click.echo(f"{player} error: {action} refused: {after.message}", err=True)
            raise SystemExit(1)
        n += 1
        if delay:
            sleep(delay)
        show(say(state, move, after), draw(after, n) if redraw(state, action, after) else None)
        state = after
    return state, n
