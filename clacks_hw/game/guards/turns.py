"""Whose turn it is, and what ends one: "A round is one complete series of player turns"
(Answers to frequently asked questions). A player in the Watch House or waiting for the City
Health Service misses turns; the board passes them by."""

from __future__ import annotations

from .state import GuardsState

def end_turn(state: GuardsState) -> GuardsState:
    """The next player's turn begins (missing the turns the rules take from anyone)."""
    seats = state.config.seats
    seat, number, rnd = state.seat, state.number, state.round
    for _ in range(len(seats) * 4):
        seat = state.next_seat(seat)
        number += 1
        if seat == seats[0]:
            rnd += 1
        p = state.player(seat)
        if p.misses:
            state = state.with_player(p._replace(misses=p.misses - 1, turns=p.turns + 1,
                                                 confined="" if p.confined == "watch" else p.confined))
            continue
        break
    p = state.player(seat)
    state = state.with_player(p._replace(turns=p.turns + 1))
    return state._replace(seat=seat, number=number, round=rnd, acted=False, recalled=False, bonus="",
                          failed="", free="", done=(), owed=())
