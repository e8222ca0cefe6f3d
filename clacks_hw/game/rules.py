"""The competitive rules: validate an action against a state, and apply it.

``apply(state, action)`` returns a new state or a ``Rejection``; ``validate`` is the very
same check without the change, and ``legal_actions`` lists the candidates it accepts, so
what the board offers and what the engine allows can never drift apart.
"""

from __future__ import annotations

from dataclasses import replace

from .actions import Action
from .board import COLOUR, TOWERS, distance
from .faults import apply_fault, validate_fault
from .rejection import Rejection
from .state import EXPRESS_SECONDS, GameState
from .turns import after_lamps_change, finish_turn

DWARF_SEAT = "W"


def validate(state: GameState, action: Action) -> Rejection | None:
    if state.over:
        return Rejection("game_over", f"The game is over: {state.winner} has won.")
    if action.seat not in state.config.seats:
        return Rejection("not_playing", f"Seat {action.seat} is not in this game "
                                        f"(seats: {' '.join(state.config.seats)}).")
    check = _VALIDATORS.get(action.act)
    if check is None:
        return Rejection("not_in_mode", f"There is no {action.act!r} in a {state.config.mode} game.")
    return check(state, action)


def apply(state: GameState, action: Action) -> GameState | Rejection:
    rejection = validate(state, action)
    if rejection:
        return rejection
    if action.act != "fault" and state.last_fault is not None:
        state = replace(state, last_fault=None)  # only the very next action may cancel a fault
    return _APPLIERS[action.act](state, action)


# --- checks shared by the turn player's actions -------------------------------------------

def _turn_check(state: GameState, action: Action) -> Rejection | None:
    if action.seat != state.turn.seat:
        return Rejection("not_your_turn", f"It is {state.turn.seat}'s turn, not {action.seat}'s.")
    if (action.time is not None and state.config.has("express") and action.act != "timeout"
            and action.time > EXPRESS_SECONDS):
        return Rejection("time_up", f"The {EXPRESS_SECONDS:g} s of this turn ran out "
                                    f"({action.time:g} s have passed).")
    return None


def _jacquard_check(state: GameState, action: Action) -> Rejection | None:
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
    elif card in state.discard:
        return Rejection("in_discard", f"{card} is in the discard pile; it cannot be played until "
                                       "the discards go back into the bag.")
    return None


# --- move -----------------------------------------------------------------------------------

def _validate_move(state: GameState, action: Action) -> Rejection | None:
    r = _turn_check(state, action)
    if r:
        return r
    if action.tower is None:
        return Rejection("needs_tower", "A move must name the tower button, like R2 or G5.")
    seat, target, turn = action.seat, TOWERS[action.tower], state.turn
    if target.colour != COLOUR[seat]:
        return Rejection("wrong_colour", f"{target.name} is a {target.colour} button; {seat} moves "
                                         f"only on {COLOUR[seat]} buttons.")
    if turn.played:
        return Rejection("moved_after_play", "The pawn cannot move after a jacquard has been played this turn.")
    if turn.no_move:
        return Rejection("locked_down", "TOWER LOCKDOWN: the pawn may not move this turn.")
    p = state.player(seat)
    if p.tower == target.index:
        return Rejection("already_there", f"{seat}'s pawn is already on {target.name}.")
    for q in state.players:
        if q.seat != seat and q.tower == target.index:
            return Rejection("occupied", f"{q.seat}'s pawn stands on {target.name}; pawns may pass "
                                         "through but not stop there.")
    dwarf = turn.dwarf_before if seat == DWARF_SEAT else state.dwarf
    if dwarf == target.index and len(state.players) == 3:
        return Rejection("occupied", f"The Deep Dwarf stands on {target.name}.")
    cost = _move_cost(state, target.index)
    if cost > turn.budget - turn.card_cost:
        start = TOWERS[turn.start_tower].name
        return Rejection("over_budget", f"Moving from {start} to {target.name} costs {cost} stress "
                                        f"points; {turn.budget - turn.card_cost} are left this turn.")
    return None


def _move_cost(state: GameState, tower: int) -> int:
    start = state.turn.start_tower
    return 0 if start is None else distance(start, tower)  # the first move is free


def _apply_move(state: GameState, action: Action) -> GameState:
    turn, t = state.turn, action.tower
    state = state.with_player(replace(state.current, tower=t))
    if action.seat == DWARF_SEAT and len(state.players) == 3:
        # The Dwarf follows onto the button W left; a tentative move back undoes that.
        moved_away = t != turn.start_tower and turn.start_tower is not None
        state = replace(state, dwarf=turn.start_tower if moved_away else turn.dwarf_before)
    return replace(state, turn=replace(turn, move_cost=_move_cost(state, t)))


# --- play -----------------------------------------------------------------------------------

def _validate_play(state: GameState, action: Action) -> Rejection | None:
    r = _turn_check(state, action) or _jacquard_check(state, action)
    if r:
        return r
    j = state.edition.jacquards[action.card]
    if action.lamps is None:
        return Rejection("needs_lamps", f"Playing {action.card} must say which lamps it flips.")
    if action.lamps not in j.shape.placements:
        from .board import lamps_of
        return Rejection("bad_placement", f"{action.card} ({j.shape.name}) cannot flip lamps "
                                          f"{', '.join(map(str, lamps_of(action.lamps)))}.")
    left = state.turn.left
    if j.cost > left:
        return Rejection("over_budget", f"{action.card} costs {j.cost} stress point{'s' * (j.cost != 1)}; "
                                        f"{left} {'is' if left == 1 else 'are'} left this turn.")
    return None


def _apply_play(state: GameState, action: Action) -> GameState:
    card, mask = action.card, action.lamps
    turn, p = state.turn, state.current
    cost = state.edition.jacquards[card].cost
    if state.config.hands == "tracked":
        p = replace(p, hand=tuple(c for c in p.hand if c != card), hand_count=p.hand_count - 1)
    else:
        p = replace(p, hand_count=max(0, p.hand_count - 1))
    state = replace(
        state.with_player(p), board=state.board ^ mask, discard=state.discard + (card,),
        turn=replace(turn, card_cost=turn.card_cost + cost, played=turn.played + (card,),
                     flipped=turn.flipped | mask),
    )
    return after_lamps_change(state)


# --- end, timeout ---------------------------------------------------------------------------

def can_pay_any(state: GameState) -> bool:
    """Could the player still pay for some jacquard this turn (undoing a tentative move)?"""
    turn = state.turn
    if state.config.hands == "tracked":
        costs = [state.edition.jacquards[c].cost for c in state.current.hand]
    else:
        costs = [j.cost for j in state.edition.jacquards.values() if j.id not in state.discard]
    return bool(costs) and min(costs) <= turn.budget


def _validate_end(state: GameState, action: Action) -> Rejection | None:
    r = _turn_check(state, action)
    if r:
        return r
    if not state.turn.played and can_pay_any(state):
        return Rejection("must_play", "At least one jacquard must be played before the turn can end.")
    return None


def _apply_end(state: GameState, action: Action) -> GameState:
    return finish_turn(state)


def _validate_timeout(state: GameState, action: Action) -> Rejection | None:
    if not state.config.has("express"):
        return Rejection("not_express", "Only an Express game has a turn timer.")
    if action.seat != state.turn.seat:
        return Rejection("not_your_turn", f"It is {state.turn.seat}'s turn, not {action.seat}'s.")
    if action.time is not None and action.time < EXPRESS_SECONDS:
        return Rejection("too_early", f"The turn's {EXPRESS_SECONDS:g} s have not run out "
                                      f"({action.time:g} s so far).")
    p = state.current
    if (not state.turn.played and action.card is not None and state.config.hands == "tracked"
            and action.card not in p.hand):
        return Rejection("not_in_hand", f"{action.card} is not in {p.seat}'s hand.")
    return None


def _apply_timeout(state: GameState, action: Action) -> GameState:
    if state.turn.played:
        return finish_turn(state)
    # No jacquard in time: discard one and draw no replacement this turn.
    p = state.current
    if state.config.hands == "tracked":
        if not p.hand:
            return finish_turn(state, draw=False)
        card = action.card if action.card is not None else p.hand[0]
        p = replace(p, hand=tuple(c for c in p.hand if c != card), hand_count=p.hand_count - 1)
    else:
        card = action.card
        p = replace(p, hand_count=max(0, p.hand_count - 1))
    discard = state.discard + ((card,) if card is not None else ())
    return finish_turn(replace(state.with_player(p), discard=discard), draw=False)


_VALIDATORS = {
    "move": _validate_move, "play": _validate_play, "end": _validate_end,
    "timeout": _validate_timeout, "fault": validate_fault,
}
_APPLIERS = {
    "move": _apply_move, "play": _apply_play, "end": _apply_end,
    "timeout": _apply_timeout, "fault": apply_fault,
}
