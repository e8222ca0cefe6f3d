"""The end of a turn and of a round: scores, KLACKs, who wins, pushes and who goes first.

A round is won by the single lowest score. It is pushed to the next round, worth one chip
more, when the two lowest scores tie ("two tie, all tie"), as soon as a second player KLACKs,
and, with the options, when nobody scores 9 or less (Hughie rule) or nobody KLACKs (Klack to
win). The winner of a round goes first in the next; after a push, the last roller among the
lowest scores does.
"""

from __future__ import annotations

from .numbers import ALL_UP, TOTAL
from .state import HUGHIE_NO_POINT, KlackersState, RoundResult


def pay(chips: tuple[int, ...], seats, to: str, each: int) -> tuple[int, ...]:
    """Every other seat pays ``each`` chips to ``to``."""
    out = list(chips)
    for i, seat in enumerate(seats):
        if seat != to:
            out[i] -= each
            out[seats.index(to)] += each
    return tuple(out)


def end_turn(state: KlackersState) -> KlackersState:
    """The player whose turn it is scores the numbers left up; then the next player rolls,
    or the round is settled."""
    seat, score = state.seat, TOTAL[state.up]
    scores = state.scores + ((seat, score),)
    klacks, chips = state.klacks, state.chips
    if score == 0:
        klacks += (seat,)
        if state.config.has("klack_worth_two"):
            chips = pay(chips, state.config.seats, seat, 1)
    state = state._replace(scores=scores, klacks=klacks, chips=chips, dice=(), one_die=False)
    if len(klacks) == 2 or len(scores) == len(state.config.seats):
        return settle(state)  # a second KLACK pushes the round at once
    return state._replace(seat=state.next_seat(seat), up=ALL_UP)


def outcome(state: KlackersState) -> tuple[str | None, str]:
    """(winner, "won") or (None, why the round is pushed)."""
    if len(state.klacks) >= 2:
        return None, "two_klacks"
    config = state.config
    eligible = state.scores
    if config.has("klack_to_win"):
        eligible = tuple(s for s in eligible if s[1] == 0)
        if not eligible:
            return None, "no_klack"
    if config.has("hughie"):
        eligible = tuple(s for s in eligible if s[1] < HUGHIE_NO_POINT)
        if not eligible:
            return None, "no_point"
    low = min(score for _, score in eligible)
    lowest = [seat for seat, score in eligible if score == low]
    return (lowest[0], "won") if len(lowest) == 1 else (None, "tie")


def settle(state: KlackersState) -> KlackersState:
    winner, reason = outcome(state)
    config = state.config
    bonus = state.klacks if config.has("klack_worth_two") else ()
    result = RoundResult(state.round, state.worth, state.scores, winner, reason, bonus)
    if winner is None:
        low = min(score for _, score in state.scores)
        first = [seat for seat, score in state.scores if score == low][-1]  # the last roller to tie
        chips, won, worth = state.chips, state.won, state.worth + 1
    else:
        first, won, worth = winner, state.won + 1, 1
        chips = pay(state.chips, config.seats, winner, state.worth)
    state = state._replace(results=state.results + (result,), chips=chips, won=won)
    if won >= config.rounds:
        best = max(chips)
        return state._replace(phase="over", winners=tuple(s for s, c in zip(config.seats, chips) if c == best))
    return state._replace(worth=worth, round=state.round + 1, first=first, seat=first, scores=(),
                          klacks=(), up=ALL_UP, dice=(), one_die=False)
