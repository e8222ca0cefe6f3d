"""Checks shared by every mode's rules: whose turn, which card, which lamps."""

from __future__ import annotations

from .actions import Action
from .board import lamps_of
from .rejection import Rejection
from .state import GameState


def turn_check(state: GameState, action: Action) -> Rejection | None:
    if action.seat != state.turn.seat:
        return Rejection("not_your_turn", f"It is {state.turn.seat}'s turn, not {action.seat}'s.")
    if (action.time is not None and state.config.has("express") and action.act != "timeout"
            and action.time > state.config.express_seconds):
        return Rejection("time_up", f"The {state.config.express_seconds:g} s of this turn ran out "
                                    f"({action.time:g} s have passed).")
    return None


def jacquard_check(state: GameState, action: Action) -> Rejection | None:
    """Is ``action.card`` a jacquard this seat may play now?"""
    card = action.card
    edition = state.edition
    if card is None:
        return Rejection("unknown_card", "The action must name the jacquard played.")
    if card not in edition.jacquards:
        if card in edition.cards:
            return Rejection("not_a_jacquard", f"{card} is a {edition.cards[card].name} card, not a jacquard.")
        return Rejection("unknown_card", f"There is no card {card} in this edition.")
    if card in state.turn.played:
        return Rejection("played_this_turn", f"{card} was already played this turn.")
    p = state.player(action.seat)
    if state.config.hands == "tracked":
        if card not in p.hand:
            held = ", ".join(p.hand) or "nothing"
            return Rejection("not_in_hand", f"{card} is not in {p.seat}'s hand ({p.seat} holds {held}).")
    elif p.hand_count <= 0:
        return Rejection("not_in_hand", f"{p.seat} holds no jacquard any more; {card} cannot be played.")
    elif card in state.discard:
        return Rejection("in_discard", f"{card} is in the discard pile; it cannot be played until "
                                       "the discards go back into the bag.")
    return None


def placement_check(state: GameState, action: Action) -> Rejection | None:
    j = state.edition.jacquards[action.card]
    if action.lamps is None:
        return Rejection("needs_lamps", f"Playing {action.card} must say which lamps it flips.")
    if action.lamps not in j.shape.placements:
        return Rejection("bad_placement", f"{action.card} ({j.shape.name}) cannot flip lamps "
                                          f"{', '.join(map(str, lamps_of(action.lamps)))}.")
    return None
