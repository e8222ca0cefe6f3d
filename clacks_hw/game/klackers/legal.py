"""Every action the KLACKERS rules accept now: candidates filtered through the one validator."""

from __future__ import annotations

from itertools import combinations_with_replacement

from .actions import KlackersAction
from .dice import FACES
from .numbers import COMBINATIONS
from .rules import dice_needed, validate
from .state import KlackersState

_FACES = range(1, FACES + 1)
# Physical dice: every roll that can be entered, as unordered faces (3 5 and 5 3 are one roll).
_ROLLS = {n: tuple(combinations_with_replacement(_FACES, n)) for n in (1, 2)}


def _rolls(state: KlackersState, act: str) -> list[KlackersAction]:
    seat = state.seat
    if state.config.hands == "tracked":
        return [KlackersAction(seat, act)]
    return [KlackersAction(seat, act, dice=d) for d in _ROLLS[dice_needed(state, act)]]


def candidate_actions(state: KlackersState) -> list[KlackersAction]:
    """Every action worth asking the validator about (a superset of the legal ones)."""
    if state.over:
        return []
    if state.dice:
        subs = COMBINATIONS[state.up].get(sum(state.dice), ())
        return [KlackersAction(state.seat, "pull", numbers=m) for m in subs]
    return _rolls(state, "roll") + _rolls(state, "roll_one")


def legal_actions(state: KlackersState) -> list[KlackersAction]:
    return [a for a in candidate_actions(state) if validate(state, a) is None]
