"""Automatic players: simple, fair opponents built on the planner.

A bot sends its signal whenever the planner finds a way; otherwise it plays the card that
brings its tower closest to the signal and ends the turn. It tries Last Letter Sabotage when
it can. Random choices come from the ``random.Random`` the caller passes, so games are
reproducible.
"""

from __future__ import annotations

import random

from .actions import Action
from .board import TOWERS
from .planner import plan, plan_blackout, towers_open
from .rules import validate
from .state import GameState
from .turns import target_mask


def bot_action(state: GameState, rng: random.Random) -> Action:
    """The next action for the player whose turn it is."""
    seat = state.turn.seat
    for choose in (_sabotage, _send, _oil, _progress, _end):
        action = choose(state, seat, rng)
        if action is not None and validate(state, action) is None:
            return action
    from .legal import legal_actions  # a last resort that can never be illegal

    return rng.choice(legal_actions(state))


def _sabotage(state, seat, rng):
    if state.sabotage is None or state.sabotage[0] == seat:
        return None
    p = plan_blackout(state, state.sabotage[1])
    return Action(seat, "play", card=p.cards[0], lamps=p.masks[0]) if p else None


def _send(state, seat, rng):
    p = plan(state)
    return p.actions(state)[0] if p else None


def _oil(state, seat, rng):
    """Play a budget-raising Fault Report card when it makes the signal affordable."""
    p = state.player(seat)
    for card_id in p.faults:
        card = state.edition.cards[card_id]
        if any(e.kind == "budget" and e.arg > 0 for e in card.effects):
            from .rules import apply

            after = apply(state, Action(seat, "fault", card=card_id))
            if not hasattr(after, "code") and plan(after) is not None:
                return Action(seat, "fault", card=card_id)
    return None


def _progress(state, seat, rng):
    """No way to send: play the cheapest card where it helps the pawn's tower most."""
    turn, p = state.turn, state.player(seat)
    if turn.played:
        return None
    jac = state.edition.jacquards
    if p.tower is None or (p.tower == p.last_tx and not turn.no_move):
        options = [t for t, cost in towers_open(state, seat) if cost <= 1 and t != p.tower]
        if options:
            return Action(seat, "move", tower=rng.choice(options))
    if p.tower is None:
        return None
    bits = state.edition.signals[p.signals[p.sent]]
    mask = TOWERS[p.tower].mask
    want = target_mask(seat, p.tower, bits)
    affordable = [c for c in p.hand if jac[c].cost <= turn.left]
    if not affordable:
        return None
    cheapest = min(jac[c].cost for c in affordable)
    best, best_key = None, None
    for card in affordable:
        if jac[card].cost != cheapest:
            continue
        for m in jac[card].shape.placements:
            wrong = bin(((state.board ^ m) ^ want) & mask).count("1")
            key = (wrong, rng.random())
            if best_key is None or key < best_key:
                best, best_key = Action(seat, "play", card=card, lamps=m), key
    return best


def _end(state, seat, rng):
    return Action(seat, "end")
