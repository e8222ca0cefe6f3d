"""Checks shared by every mode's rules: whose turn, which card, which lamps."""

from __future__ import annotations

from ..core.rejection import Rejection
from .actions import Action
from .board import lamps_of
from .rejection import Code
from .state import GameState


def turn_check(state: GameState, action: Action) -> Rejection | None:
    if action.seat != state.turn.seat:
        return Rejection(Code.NOT_YOUR_TURN, f"It is {state.turn.seat}'s turn, not {action.seat}'s.")
    if (action.time is not None and state.config.has("express") and action.act != "timeout"
            and action.time > state.config.express_seconds):
        return Rejection(Code.TIME_UP, f"The {state.config.express_seconds:g} s of this turn ran out "
                                       f"({action.time:g} s have passed).")
    return None


def jacquard_check(state: GameState, action: Action) -> Rejection | None:
    """Is ``action.card`` a jacquard this seat may play now?"""
    card = action.card
    edition = state.edition
    if card is None:
        return Rejection(Code.UNKNOWN_CARD, "The action must name the jacquard played.")
    if card not in edition.jacquards:
        if card in edition.cards:
            return Rejection(Code.NOT_A_JACQUARD, f"{card} is a {edition.cards[card].name} card, not a jacquard.")
        return Rejection(Code.UNKNOWN_CARD, f"There is no card {card} in this edition.")
    if card in state.turn.played:
        return Rejection(Code.PLAYED_THIS_TURN, f"{card} was already played this turn.")
    p = state.player(action.seat)
    if state.config.hands == "tracked":
        if card not in p.hand:
            held = ", ".join(p.hand) or "nothing"
            return Rejection(Code.NOT_IN_HAND, f"{card} is not in {p.seat}'s hand ({p.seat} holds {held}).",
                             public=f"That card is not in {p.seat}'s hand.", private=p.seat)
    elif p.hand_count <= 0:
        return Rejection(Code.NOT_IN_HAND, f"{p.seat} holds no jacquard any more; {card} cannot be played.")
    elif card in state.discard:
        return Rejection(Code.IN_DISCARD, f"{card} is in the discard pile; it cannot be played until "
                                       "the discards go back into the bag.")
    return None


def placement_check(state: GameState, action: Action) -> Rejection | None:
    j = state.edition.jacquards[action.card]
    if action.lamps is None:
        return Rejection(Code.NEEDS_LAMPS, f"Playing {action.card} must say which lamps it flips.")
    if action.lamps not in j.shape.placements:
        return Rejection(Code.BAD_PLACEMENT, f"{action.card} ({j.shape.name}) cannot flip lamps "
                                             f"{', '.join(map(str, lamps_of(action.lamps)))}.")
    return None
