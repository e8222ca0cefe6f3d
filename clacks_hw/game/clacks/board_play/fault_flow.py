"""Fault Report cards on the board: who plays a tapped one, and what it asks for.

Competitive: tapped at any time by whoever holds it (the current player when both might).
Night Shift and the Junior Race: a revealed card waiting in ``state.pending`` is previewed
for ``state.pending_seat`` by itself when it needs a choice (tracked hands); with physical
hands the players turn the card over and tap it, and it is sent as a ``fault`` action (its
Night Shift meaning, docs/coop.md section 7). A per-seat reader says who tapped.
"""

from __future__ import annotations

from ..actions import Action
from ..state import GameState
from ...core.engine import validate
from ...core.rejection import Rejection
from . import preview as pv


def seat_for(state: GameState, card: str, actor: str | None = None) -> str:
    """Who plays ``card``: the seat at the reader it was tapped on, else whoever must choose for
    a revealed card, else a holder (the current player first)."""
    if actor is not None:
        return actor
    if state.pending_seat is not None:
        return state.pending_seat
    holders = [p.seat for p in state.players if card in p.faults]
    if state.turn.seat in holders or not holders:
        return state.turn.seat
    return holders[0]


def open_card(state: GameState, seat: str, card: str, now: float,
              hints: bool = True) -> pv.Preview | Action | Rejection:
    """The preview for a card that flips lamps or a tower, else the action to send at once;
    or the engine's refusal of the previewed action."""
    p = pv.choosing(state, seat, "fault", card, state.config.game.choices(state.edition.cards[card]), now, hints)
    if p is None:
        return Action(seat, "fault", card=card)
    action = Action(seat, "fault", card=card, **p.action_fields())
    return validate(state, action) or p


def waiting(state: GameState) -> str | None:
    """A revealed card the board knows, waiting for its choice (tracked Night Shift / Junior)."""
    if state.pending and state.pending[0] is not None and not state.over:
        return state.pending[0]
    return None
