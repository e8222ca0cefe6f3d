"""Helpers for the KLACKERS tests: games with dice entered by hand, so each test says exactly
which faces come up, and a short way to act and to expect a rejection."""

from __future__ import annotations

from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.klackers.actions import KlackersAction
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.game.klackers.numbers import COMBINATIONS, mask_of
from clacks_hw.game.klackers.rejection import Code
from clacks_hw.game.klackers.rules import apply
from clacks_hw.game.klackers.state import KlackersState, new_game

SEATS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def game(players: int = 2, *, dice: str = "physical", variants=(), rounds: int = 3, seed: int = 0) -> KlackersState:
    return new_game(klackers_config(seats=SEATS[players], seed=seed, hands=dice, variants=frozenset(variants),
                                   rounds=rounds))


def started(players: int = 2, first: str = "S", **kw) -> KlackersState:
    """A game past the opening roll, ``first`` having rolled highest."""
    state = game(players, **kw)
    for seat in state.config.seats:
        state = do(state, seat, "roll", 6 if seat == first else 1)
    assert state.phase == "turn" and state.seat == first
    return state


def do(state: KlackersState, seat: str, act: str, *values: int) -> KlackersState:
    """``do(s, "S", "roll", 3, 4)``, ``do(s, "S", "pull", 3, 4)``, ``do(s, "S", "roll")`` (tracked)."""
    result = apply(state, action(seat, act, *values))
    assert not isinstance(result, Rejection), result
    return result


def action(seat: str, act: str, *values: int) -> KlackersAction:
    if act == "pull":
        return KlackersAction(seat, act, numbers=mask_of(values))
    return KlackersAction(seat, act, dice=tuple(values) if values else None)


def refused(state: KlackersState, seat: str, act: str, *values: int) -> Rejection:
    result = apply(state, action(seat, act, *values))
    assert isinstance(result, Rejection), f"{seat} {act} {values} was accepted"
    assert result.code in set(Code)
    return result


def turn(state: KlackersState, seat: str, *steps) -> KlackersState:
    """Play a turn from a script: ``(3, 4)`` rolls 3 and 4, ``[7]`` pulls 7, ``1`` rolls one die."""
    for step in steps:
        if isinstance(step, tuple):
            state = do(state, seat, "roll", *step)
        elif isinstance(step, list):
            state = do(state, seat, "pull", *step)
        else:
            state = do(state, seat, "roll_one", step)
    return state


def score_with(state: KlackersState, seat: str, left: tuple[int, ...]) -> KlackersState:
    """``seat`` plays its turn leaving exactly ``left`` up (() is a KLACK), with scripted dice:
    one pull per roll (1 together with the next number), then a roll nothing left matches."""
    pulls = [n for n in range(1, 10) if n not in left]
    groups = [pulls[:2]] + [[n] for n in pulls[2:]] if pulls[:1] == [1] else [[n] for n in pulls]
    for group in groups:
        roll = sum(group)
        assert roll >= 2, "1 can only be pulled together with another number"
        a = max(1, roll - 6)
        state = turn(state, seat, (a, roll - a), group)
    if not left:
        return state
    up = mask_of(left)
    for roll in range(2, 13):
        if not COMBINATIONS[up].get(roll):
            return turn(state, seat, (max(1, roll - 6), roll - max(1, roll - 6)))
    assert sum(left) <= 6, f"no roll misses {left}"
    return turn(state, seat, 6 if sum(left) != 6 else 5)
