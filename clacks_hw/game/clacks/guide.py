"""What the seat to act can do now, as codes and values (views/guide.py says it in words): the
line a newcomer reads before touching anything ("press a red tower to put your pawn there,
then tap a card"), and with hints on, which card to tap first and where it sends.

It teaches the turn's steps, not the best move: without hints it names no card and no tower
but the pawn's own; the card and tower come only from the hints (hints.py, the same choice the
hint-follower makes), so switching hints off still leaves a player to find their own move.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import COLOUR, TOWERS
from .hint_follower import best_hint
from .state import GameState

START = "guide_start"  # the pawn is on its start button: a tower of its colour first, then a card
CARD = "guide_card"  # nothing played yet: tap a card (the pawn may still move)
MORE = "guide_more"  # a card played: another one, or PLAY ends the turn
DONE = "guide_done"  # no card left that the points pay for: PLAY ends the turn
HINT = "guide_hint"  # hints on: the card to tap first and what its hint says


class Step(NamedTuple):
    """One thing the seat may do now: ``code`` above, ``values`` what the words need (the hint
    itself, hints.Hint, as the engine's codes)."""

    code: str
    seat: str
    values: dict


def guide(state: GameState, seat: str, *, pawns: bool, hints: bool) -> tuple[Step, ...]:
    """The seat to act's next steps (nothing for another seat or once the game is over)."""
    if state.over or state.turn.seat != seat:
        return ()
    p, turn, edition = state.player(seat), state.turn, state.edition
    values = {"signal": p.next_signal, "left": turn.left}
    payable = [c for c in p.hand if c in edition.jacquards and edition.jacquards[c].cost <= turn.left]
    if turn.played:
        out = [Step(MORE if payable else DONE, seat, values)]
    elif pawns and p.tower is None:
        values.update(colour=COLOUR[seat], free=True)
        out = [Step(START, seat, values)]
    else:
        if pawns:
            values.update(colour=COLOUR[seat], tower=TOWERS[p.tower].name)
        out = [Step(CARD, seat, values)]
    if hints:
        best = best_hint(state, seat)
        if best is not None:
            card, hint = best
            out.append(Step(HINT, seat, {"card": card, "hint": hint}))
    return tuple(out)
