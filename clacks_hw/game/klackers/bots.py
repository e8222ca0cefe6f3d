"""Automatic KLACKERS players.

``best`` plays the exact policy of ``solver``: after each roll it pulls the combination that
leaves the lowest expected score, and rolls one die when that is expected to score less (with
Klack to win it plays for the KLACK instead). ``greedy`` plays like many people do: it pulls
the fewest, biggest numbers and always rolls two dice. ``random`` picks any legal action.
With physical dice a bot rolls with the ``random.Random`` it is given and enters the faces.
"""

from __future__ import annotations

import random

from .actions import KlackersAction
from .dice import FACES
from .legal import legal_actions
from .numbers import COMBINATIONS, numbers_of
from .rules import dice_needed
from .solver import solve
from .state import KlackersState

BOTS = ("best", "greedy", "random")


def bot_action(state: KlackersState, rng: random.Random, kind: str = "best") -> KlackersAction:
    if kind == "random":
        return rng.choice(legal_actions(state))
    seat = state.seat
    if state.dice:
        return KlackersAction(seat, "pull", numbers=_pull(state, kind))
    act = "roll"
    if kind == "best" and state.phase == "turn" and _policy(state).one_die[state.up]:
        act = "roll_one"
    if state.config.hands == "physical":
        dice = tuple(rng.randint(1, FACES) for _ in range(dice_needed(state, act)))
        return KlackersAction(seat, act, dice=dice)
    return KlackersAction(seat, act)


def _policy(state: KlackersState):
    return solve("klack" if state.config.has("klack_to_win") else "score")


def _pull(state: KlackersState, kind: str) -> int:
    roll = sum(state.dice)
    if state.one_die:
        return state.up  # the one die matched the numbers up: all of them come down
    if kind == "best":
        return _policy(state).pull[state.up][roll]
    subs = COMBINATIONS[state.up][roll]
    return min(subs, key=lambda c: (len(numbers_of(c)), -max(numbers_of(c))))
