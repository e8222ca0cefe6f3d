"""What happens after the lamps change: sabotage, transmission, and passing the turn."""

from __future__ import annotations

from functools import lru_cache

from ..core.values import replace
from .board import TOWERS, signal_mask
from .deck import draw_up_to
from .moments import noted, sabotaged
from .state import HAND, GameState, Turn


@lru_cache(maxsize=None)
def target_mask(seat: str, tower: int, bits: int) -> int:
    return signal_mask(seat, tower, bits)


def signal_stands(state: GameState, seat: str, tower: int, bits: int) -> bool:
    """``tower`` shows signal ``bits`` to ``seat`` and one of its lamps flipped this turn."""
    mask = TOWERS[tower].mask
    return bool(state.turn.flipped & mask) and state.board & mask == target_mask(seat, tower, bits)


def transmittable(state: GameState) -> bool:
    """Does the next signal now stand on the current player's tower, ready to send?"""
    turn = state.turn
    if turn.transmitted or not turn.played:
        return False  # at most one signal a turn, and only after a jacquard
    p = state.player(turn.seat)
    t = p.tower
    if t is None or p.finished or t == p.last_tx or t == state.dwarf:
        return False
    return signal_stands(state, p.seat, t, state.edition.signals[p.signals[p.sent]])


def after_lamps_change(state: GameState) -> GameState:
    """Check an open sabotage, then send the current player's signal if it now stands."""
    if state.sabotage is not None:
        sender, tower = state.sabotage
        if not state.board & TOWERS[tower].mask:
            p = state.player(sender)
            state = replace(state, sabotage=None).with_player(
                replace(p, sent=p.sent - 1, sabotaged=True, sent_from=p.sent_from[:-1]))
            state = noted(state, sabotaged(state, sender, tower, state.turn.seat))
    if transmittable(state):
        return transmit(state)
    return state


def transmit(state: GameState) -> GameState:
    p = state.current
    p = replace(p, sent=p.sent + 1, last_tx=p.tower, sent_from=p.sent_from + (p.tower,))
    state = replace(state.with_player(p), turn=replace(state.turn, transmitted=True))
    if state.sabotage is not None and state.sabotage[0] != p.seat:
        return replace(state, winner=state.sabotage[0])  # the saboteur's turn ended without success
    if p.finished:
        if state.config.has("quick"):
            state = replace(state, finishers=state.finishers + (p.seat,))
        elif p.sabotaged:
            return finish_turn(replace(state, winner=p.seat), draw=False)
        else:
            state = replace(state, sabotage=(p.seat, p.tower))
    return finish_turn(state)


def finish_turn(state: GameState, draw: bool = True) -> GameState:
    """Draw back up, then hand the turn on (or end the game)."""
    turn = state.turn
    p = state.current
    state = state.with_player(replace(p, last_turn_cost=turn.spent))
    if draw:
        state = draw_up_to(state, p.seat, HAND)
    if state.winner is not None:
        return state
    if state.sabotage is not None and state.sabotage[0] != p.seat:
        return replace(state, winner=state.sabotage[0])  # Last Letter Sabotage failed
    nxt = state.next_seat(p.seat)
    if state.finishers and nxt == state.first:  # Quick Game: the round is played out
        return replace(state, winner=quick_winner(state))
    return replace(state, turn=Turn(seat=nxt, number=turn.number + 1,
                                    start_tower=state.player(nxt).tower, dwarf_before=state.dwarf))


def quick_winner(state: GameState) -> str:
    """Fewest stress points on the finishing turn, then the word first alphabetically."""
    words = state.config.words
    return min(state.finishers, key=lambda s: (state.player(s).last_turn_cost, words[s]))


def signal_sent(before: GameState, after: GameState) -> tuple[str, int] | None:
    """(seat, tower) of the signal the action from ``before`` to ``after`` sent, as the engine
    recorded it (``sent_from``), or None."""
    if len(after.sent_from) > len(before.sent_from):  # the team's message
        return before.turn.seat, after.sent_from[-1]
    for p0, p1 in zip(before.players, after.players):
        if len(p1.sent_from) > len(p0.sent_from):
            return p1.seat, p1.sent_from[-1]
    return None
