"""The competitive game's rules: a validator and an applier for each action (move, play, end,
timeout; faults.py has the Fault Report cards').

The game object (modes/competitive.py) runs the validator before the applier, and its legal
actions are the candidates the same validator accepts, so what the board offers and what the
engine allows can never drift apart.
"""

from __future__ import annotations

from ..core.rejection import Rejection
from ..core.values import replace
from .actions import Action
from .board import COLOUR, TOWERS, distance
from .checks import jacquard_check, placement_check, turn_check
from .deck import take_from_hand
from .faults import apply_fault, validate_fault
from .rejection import Code, left, points
from .state import DWARF_SEAT, GameState
from .turns import after_lamps_change, finish_turn

# --- move -----------------------------------------------------------------------------------

def _validate_move(state: GameState, action: Action) -> Rejection | None:
    r = turn_check(state, action)
    if r:
        return r
    if action.tower is None:
        return Rejection(Code.NEEDS_TOWER, "A move must name the tower button, like R2 or G5.")
    seat, target, turn = action.seat, TOWERS[action.tower], state.turn
    if target.colour != COLOUR[seat]:
        return Rejection(Code.WRONG_COLOUR, f"{target.name} is a {target.colour} button; {seat} moves "
                                            f"only on {COLOUR[seat]} buttons.")
    if turn.played:
        return Rejection(Code.MOVED_AFTER_PLAY, "The pawn cannot move after a jacquard has been played this turn.")
    if turn.no_move:
        return Rejection(Code.LOCKED_DOWN, "TOWER LOCKDOWN: the pawn may not move this turn.")
    p = state.player(seat)
    if p.tower == target.index:
        return Rejection(Code.ALREADY_THERE, f"{seat}'s pawn is already on {target.name}.")
    who = state.occupant(seat, target.index)
    if who is not None:
        return Rejection(Code.OCCUPIED, f"{who} stands on {target.name}; pawns may pass through but not "
                                     "stop there.")
    cost = _move_cost(state, target.index)
    if cost > turn.budget - turn.card_cost:
        start = "the start button" if turn.start_tower is None else TOWERS[turn.start_tower].name
        return Rejection(Code.OVER_BUDGET, f"Moving from {start} to {target.name} costs {points(cost)}; "
                                           f"{left(turn.budget - turn.card_cost)}.")
    return None


def _move_cost(state: GameState, tower: int) -> int:
    start = state.turn.start_tower
    return 0 if start is None else distance(start, tower)  # the first move is free


def _apply_move(state: GameState, action: Action) -> GameState:
    turn, t = state.turn, action.tower
    state = state.with_player(replace(state.current, tower=t))
    if action.seat == DWARF_SEAT and state.has_dwarf:
        # The Dwarf follows onto the button W left; a tentative move back undoes that.
        moved_away = t != turn.start_tower and turn.start_tower is not None
        state = replace(state, dwarf=turn.start_tower if moved_away else turn.dwarf_before)
    return replace(state, turn=replace(turn, move_cost=_move_cost(state, t)))


# --- play -----------------------------------------------------------------------------------

def _validate_play(state: GameState, action: Action) -> Rejection | None:
    r = turn_check(state, action) or jacquard_check(state, action)
    if r:
        return r
    r = placement_check(state, action)
    if r:
        return r
    j = state.edition.jacquards[action.card]
    if j.cost > state.turn.left:
        return Rejection(Code.OVER_BUDGET, f"{action.card} costs {points(j.cost)}; {left(state.turn.left)}.")
    return None


def _apply_play(state: GameState, action: Action) -> GameState:
    card, mask = action.card, action.lamps
    turn = state.turn
    cost = state.edition.jacquards[card].cost
    state = replace(
        take_from_hand(state, action.seat, card), board=state.board ^ mask, discard=state.discard + (card,),
        turn=replace(turn, card_cost=turn.card_cost + cost, played=turn.played + (card,),
                     flipped=turn.flipped | mask),
    )
    return after_lamps_change(state)


# --- end, timeout ---------------------------------------------------------------------------

def can_pay_any(state: GameState) -> bool:
    """Could the player still pay for some jacquard this turn (undoing a tentative move,
    unless TOWER LOCKDOWN keeps the pawn where it is)?"""
    turn = state.turn
    budget = turn.left if turn.no_move else turn.budget
    if state.config.hands == "tracked":
        costs = [state.edition.jacquards[c].cost for c in state.current.hand]
    else:
        costs = [j.cost for j in state.edition.jacquards.values() if j.id not in state.discard]
    return bool(costs) and min(costs) <= budget


def _validate_end(state: GameState, action: Action) -> Rejection | None:
    r = turn_check(state, action)
    if r:
        return r
    if not state.turn.played and can_pay_any(state):
        return Rejection(Code.MUST_PLAY, "At least one jacquard must be played before the turn can end.")
    return None


def _apply_end(state: GameState, action: Action) -> GameState:
    return finish_turn(state)


def _validate_timeout(state: GameState, action: Action) -> Rejection | None:
    if not state.config.has("express"):
        return Rejection(Code.NOT_EXPRESS, "Only an Express game has a turn timer.")
    if action.seat != state.turn.seat:
        return Rejection(Code.NOT_YOUR_TURN, f"It is {state.turn.seat}'s turn, not {action.seat}'s.")
    limit = state.config.express_seconds
    if action.time is not None and action.time < limit:
        return Rejection(Code.TOO_EARLY, f"The turn's {limit:g} s have not run out "
                                         f"({action.time:g} s so far).")
    if not state.turn.played and action.card is not None:
        return jacquard_check(state, action)  # the card discarded must be one the player holds
    return None


def _apply_timeout(state: GameState, action: Action) -> GameState:
    if state.turn.played:
        return finish_turn(state)
    # No jacquard in time: discard one and draw no replacement this turn.
    p = state.current
    if not p.hand_count:
        return finish_turn(state, draw=False)
    card = action.card if action.card is not None or not p.hand else p.hand[0]
    state = take_from_hand(state, p.seat, card)
    discard = state.discard + ((card,) if card is not None else ())
    return finish_turn(replace(state, discard=discard), draw=False)


MOVES = {  # act -> (check, apply)
    "move": (_validate_move, _apply_move), "play": (_validate_play, _apply_play), "end": (_validate_end, _apply_end),
    "timeout": (_validate_timeout, _apply_timeout), "fault": (validate_fault, apply_fault),
}
