"""Fault Report reveals in the co-operative and junior games (the effects themselves are
applied by the one interpreter, interpreter.py).

Fault Report cards are revealed (Night Shift: for each stamped jacquard drawn; Junior: on landing
on towers 3, 6 and 9) and applied before the next player's turn; a card whose effect needs a
choice (a lamp, a tower) waits in ``pending`` for that choice.
"""

from __future__ import annotations

from ..core.values import replace
from .actions import Action
from .edition import Card
from .interpreter import CHOICES, apply_effect
from .moments import fault_revealed, noted
from .state import GameState


def needs_choice(effects) -> bool:
    return any(e.kind in CHOICES for e in effects)


def reveal(state: GameState, seat: str, n: int, chained: bool = False) -> GameState:
    """Reveal the next ``n`` Fault Report cards for ``seat`` and apply them."""
    for _ in range(n):
        if state.winner is not None:
            break
        if state.config.hands == "physical":  # the players turn the card over and tap it
            state = _push_pending(state, None, seat, chained)
            continue
        if not state.fault_deck:
            break
        top = state.fault_deck[0]
        state = replace(state, fault_deck=state.fault_deck[1:] + (top,))  # back under the deck
        state = resolve(state, state.edition.cards[top], seat, None, chained)
    return state


def _push_pending(state: GameState, card: str | None, seat: str, chained: bool) -> GameState:
    return replace(state, pending=state.pending + (card,), pending_seat=seat,
                   pending_chained=state.pending_chained + (chained,))


def pop_pending(state: GameState) -> tuple[GameState, bool]:
    """Take the first pending card off the queue; returns whether a Technician revealed it."""
    chained = bool(state.pending_chained) and state.pending_chained[0]
    rest = state.pending[1:]
    return replace(state, pending=rest, pending_chained=state.pending_chained[1:],
                   pending_seat=state.pending_seat if rest else None), chained


def resolve(state: GameState, card: Card, seat: str, action: Action | None, chained: bool = False,
            shielded: bool = True) -> GameState:
    """One revealed card: shielded, waiting for a choice, or applied now. ``shielded=False``:
    the shield was already weighed when the card was revealed (a known card awaiting a choice)."""
    effects, before = card.night_shift, state
    if any(e.kind in state.config.game.ignored_effects for e in effects):
        return state
    if state.shield and shielded:
        shield = state.shield
        state = replace(state, shield=())
        if card.name in shield:  # EMERGENCY REPAIR cancelled it
            return noted(state, fault_revealed(before, state, seat, card, shielded=True))
    if action is None and needs_choice(effects):
        return _push_pending(state, card.id, seat, chained)
    state = _effects(state, effects, seat, action, chained)
    return noted(state, fault_revealed(before, state, seat, card))


def _effects(state: GameState, effects, seat: str, action: Action | None, chained: bool) -> GameState:
    for e in effects:
        if e.kind == "reveal_next":
            if not chained:  # a second Technician among the revealed cards does nothing
                state = reveal(state, seat, e.arg, chained=True)
        else:
            state = apply_effect(state, e, action, seat, during_turn=False)
    return state
