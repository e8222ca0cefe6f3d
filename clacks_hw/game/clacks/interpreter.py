"""The one interpreter of card effects (Fault Report, Incident Report and Operator's Log cards),
for every game: what an effect does depends on what the game has (a budget, pawns, fault hands,
a Post Office), never on which game it is."""

from __future__ import annotations

from ..core.values import replace
from .actions import Action
from .board import FULL, TOWERS
from .deck import draw, draw_faults
from .edition import Effect
from .state import NO_BUDGET, GameState

CHOICES = ("flip", "flip_tower")  # effects that need the player to pick lamps or a tower


def move_post_office(state: GameState, steps: int) -> GameState:
    """A card moves the Post Office; reaching Genua wins the race for the Post Office."""
    if steps == 0 or not state.config.game.moves_post_office:
        return state
    po = state.post_office + steps
    state = replace(state, post_office=po, card_moves=state.card_moves + steps)
    return replace(state, winner="post_office") if po >= state.post_office_goal else state


def apply_effects(state: GameState, effects, action: Action | None, seat: str, during_turn: bool) -> GameState:
    """Apply a card's effects in order, stopping once the game is won."""
    for effect in effects:
        if state.winner is not None:
            break
        state = apply_effect(state, effect, action, seat, during_turn)
    return state


def apply_effect(state: GameState, e: Effect, action: Action | None, seat: str,
                 during_turn: bool) -> GameState:
    """One effect for ``seat`` (who played or revealed the card). ``during_turn``: lamps flipped
    now count as flipped this turn (not so for a card revealed between turns)."""
    kind, arg, turn, game = e.kind, e.arg, state.turn, state.config.game
    flips = 0
    if kind == "set_all":
        flips = state.board ^ (FULL if arg else 0)
    elif kind == "flip":
        flips = action.lamps
    elif kind == "flip_tower":
        flips = TOWERS[action.tower].mask
    elif kind == "budget":
        if turn.base_budget < NO_BUDGET:
            return replace(state, turn=replace(turn, budget_delta=turn.budget_delta + arg))
        if arg > 0:  # no per-turn budget: a bonus saves Post Office steps, a penalty costs them
            return replace(state, turn=replace(turn, po_discount=turn.po_discount + arg))
        return move_post_office(state, -arg)
    elif kind == "no_move" and game.pawns:
        return replace(state, turn=replace(turn, no_move=True))
    elif kind == "draw_fault" and game.fault_hands:
        return draw_faults(state, seat, arg)
    elif kind == "post_office":
        return move_post_office(state, arg)
    elif kind == "post_office_cap":
        cap = arg if turn.po_cap is None else min(turn.po_cap, arg)
        return replace(state, turn=replace(turn, po_cap=cap))
    elif kind == "post_office_discount":
        return replace(state, turn=replace(turn, po_discount=turn.po_discount + arg))
    elif kind == "one_jacquard_per_turn":
        return replace(state, one_jacquard_until=turn.number + arg * len(state.players))
    elif kind == "draw_jacquard":
        state, stamps = draw(state, seat, arg)
        return replace(state, turn=replace(state.turn, stamps_drawn=state.turn.stamps_drawn + stamps))
    elif kind == "skip_draw":  # the next turn's player (yourself again in solitaire)
        return replace(state, skip_draw=turn.number + 1)
    elif kind == "cancel_next" and game.shields:
        return replace(state, shield=arg)
    if flips:
        state = replace(state, board=state.board ^ flips)
        if during_turn:
            state = replace(state, turn=replace(state.turn, flipped=state.turn.flipped | flips))
    return state  # the rest (no pawns, no fault hands; cancel_last, reveal_next): handled by the caller
