"""What one seat may know of a Clacks game: the state a computer player decides from.

The hands ``hidden_hands`` hides from the seat are emptied (their sizes stay: the table sees
how many cards each player holds), and their cards go back among the unseen ones: the bag, the
Fault Report deck and the jacquards lying face down on report cards become one sorted pool, so
the order of the decks is not known either; the seed that shuffled them is hidden by the core.
Two games that differ only in what the seat cannot see give the same view, so a player deciding
from it cannot peek.
"""

from __future__ import annotations

from ..core.values import replace
from .state import GameState, LastFault


def seat_view(state: GameState, seat: str) -> GameState:
    """``state`` as ``seat`` may know it."""
    hidden = state.config.game.hidden_hands(state, seat)
    jacquards, faults, players = list(state.bag), list(state.fault_deck), []
    for p in state.players:
        if p.seat in hidden:
            jacquards += p.hand
            faults += p.faults
            p = p._replace(hand=(), faults=(), hand_count=max(p.hand_count, len(p.hand)))
        players.append(p)
    reports = []
    for r in state.reports:
        if not r.face_up and r.jacquard is not None:
            jacquards.append(r.jacquard)
            r = replace(r, jacquard=None)
        reports.append(r)
    last = state.last_fault
    if last is not None:
        last = LastFault(last.seat, last.card, seat_view(last.before, seat))
    return state._replace(players=tuple(players), bag=tuple(sorted(jacquards)),
                          fault_deck=tuple(sorted(faults)), reports=tuple(reports), last_fault=last,
                          config=replace(state.config, seed=0))
