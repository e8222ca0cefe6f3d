"""Automatic players: simple, fair opponents and team-mates built on the planner.

A bot sends its signal whenever the planner finds a way; otherwise it plays the card that
brings a tower closest to the signal and ends the turn. In the competitive game it tries Last
Letter Sabotage and uses OILED GEARS when that makes the signal affordable; in the race it
swaps for a face-up jacquard when that makes the signal possible. Random choices come from
the ``random.Random`` the caller passes, so games are reproducible.
"""

from __future__ import annotations

import random

from ..core.engine import apply, validate
from ..core.rejection import Rejection
from ..core.values import replace
from .actions import Action
from .board import TOWERS
from .legal import legal_actions
from .planner import plan, plan_blackout, towers_open
from .rejection import Code
from .state import GameState
from .turns import target_mask


def bot_action(state: GameState, rng: random.Random) -> Action:
    """The next action for the game: the player to act, or whoever must choose for a
    revealed Fault Report card."""
    if state.pending:
        return rng.choice(legal_actions(state))
    seat = state.turn.seat
    for tactic in state.config.game.bot_tactics:
        action = TACTICS[tactic](state, seat, rng)
        if action is not None and validate(state, action) is None:
            return action
    return rng.choice(legal_actions(state))  # a last resort that can never be illegal


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
    for card_id in state.player(seat).faults:
        card = state.edition.cards[card_id]
        if any(e.kind == "budget" and e.arg > 0 for e in card.effects):
            action = Action(seat, "fault", card=card_id)
            after = apply(state, action)
            if not isinstance(after, Rejection) and plan(after) is not None:
                return action
    return None


def _swap(state, seat, rng):
    """Race: lift a face-up jacquard when the hand alone cannot send but that one could."""
    turn, hand = state.turn, state.player(seat).hand
    if turn.swapped or turn.played or not hand:
        return None
    best = None
    for report in state.reports:
        if not report.face_up or report.jacquard is None:
            continue
        for discard in hand:
            cards = [c for c in hand if c != discard] + [report.jacquard]
            p = plan(state, cards=cards)
            if p is not None and report.jacquard in p.cards and (best is None or p.cost < best[0]):
                best = (p.cost, Action(seat, "swap", card=discard, source=report.card))
    if best is None:
        return None
    action = best[1]
    # The lifted card's own effect is read out only now; choose for it like a player would.
    rejection = validate(state, action)
    if rejection is not None and rejection.code == Code.NEEDS_LAMPS:
        action = replace(action, lamps=1 << rng.randrange(16))
    elif rejection is not None and rejection.code == Code.NEEDS_TOWER:
        action = replace(action, tower=rng.randrange(12))
    return action


def _towers_to_try(state, seat, rng):
    if not state.config.game.pawns:
        return [t for t, _ in towers_open(state, seat)], None
    p, turn = state.player(seat), state.turn
    if not turn.played and (p.tower is None or p.tower == p.last_tx and not turn.no_move):
        options = [t for t, cost in towers_open(state, seat) if cost <= 1 and t != p.tower]
        if options:
            return None, Action(seat, "move", tower=rng.choice(options))
    return ([] if p.tower is None else [p.tower]), None


def _progress(state, seat, rng):
    """No way to send: play the cheapest card where it brings a tower closest to the signal."""
    turn, p = state.turn, state.player(seat)
    if turn.played and turn.lifted is None:
        return None
    towers, move = _towers_to_try(state, seat, rng)
    if move is not None:
        return move
    signal = state.next_signal(seat)
    if not towers or signal is None:
        return None
    jac = state.edition.jacquards
    if turn.lifted not in (None, "*"):
        affordable = [turn.lifted]
    else:
        affordable = [c for c in p.hand if jac[c].cost <= turn.left]
    if not affordable:
        return None
    cheapest = min(jac[c].cost for c in affordable)
    bits = state.edition.signals[signal]
    best, best_key = None, None
    for tower in towers:
        mask, want = TOWERS[tower].mask, target_mask(seat, tower, bits)
        for card in affordable:
            if jac[card].cost != cheapest:
                continue
            for m in jac[card].shape.placements:
                key = (bin(((state.board ^ m) ^ want) & mask).count("1"), rng.random())
                if best_key is None or key < best_key:
                    best, best_key = Action(seat, "play", card=card, lamps=m), key
    return best


def _end(state, seat, rng):
    return Action(seat, "end")


TACTICS = {"sabotage": _sabotage, "send": _send, "oil": _oil, "swap": _swap, "progress": _progress,
           "end": _end}  # the names a game lists in ``bot_tactics``, tried in its order
