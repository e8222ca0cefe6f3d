"""The exact best play of one KLACKERS turn: dynamic programming over the 512 sets of numbers up.

Pulling numbers only ever removes some, so a mask's value depends only on smaller masks and one
pass in increasing mask order solves every position exactly (in fractions, so ties between
pulls are real ties, broken the same way every time: the smaller mask left).

A policy minimises the expected *cost* left at the end of the turn: the score (the numbers left
up), or, for Klack to win, 1 for any score but 0 and 0 for a KLACK. Whatever it minimises, the
chance that it KLACKs is worked out under the same policy, so a simulation can be checked
against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .numbers import ALL_UP, COMBINATIONS, ONE_DIE_MAX, TOTAL

ROLL_CHANCE = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}  # the sum of two dice
ONE_DIE_HIT = Fraction(1, 6)
OBJECTIVES = ("score", "klack")


@dataclass(frozen=True, eq=False)  # one per objective, cached: compared by identity
class Policy:
    objective: str
    value: tuple[Fraction, ...]  # expected cost left at the end of the turn, per mask
    pull: tuple[dict[int, int], ...]  # mask -> {roll: the numbers to pull}
    one_die: tuple[bool, ...]  # mask -> roll one die (the turn's last roll) rather than two
    klack: tuple[Fraction, ...]  # mask -> the chance of a KLACK from there under this policy

    def expected_score(self, mask: int = ALL_UP) -> Fraction:
        return score_under(self)[mask]


def _cost(objective: str, mask: int) -> Fraction:
    return Fraction(TOTAL[mask]) if objective == "score" else Fraction(mask != 0)


@cache
def solve(objective: str = "score") -> Policy:
    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r} must be one of {', '.join(OBJECTIVES)}")
    n = ALL_UP + 1
    value, klack = [Fraction(0)] * n, [Fraction(0)] * n
    pull: list[dict[int, int]] = [{} for _ in range(n)]
    one_die = [False] * n
    klack[0] = Fraction(1)
    for m in range(1, n):
        stop = _cost(objective, m)
        two = klack_two = Fraction(0)
        for roll, p in ROLL_CHANCE.items():
            subs = COMBINATIONS[m].get(roll)
            if not subs:
                two += p * stop
                continue
            best = min(subs, key=lambda c: (value[m & ~c], m & ~c))
            pull[m][roll] = best
            two += p * value[m & ~best]
            klack_two += p * klack[m & ~best]
        one = (1 - ONE_DIE_HIT) * stop if TOTAL[m] <= ONE_DIE_MAX else None
        if one is not None and one < two:
            value[m], klack[m], one_die[m] = one, ONE_DIE_HIT, True
        else:
            value[m], klack[m] = two, klack_two
    return Policy(objective, tuple(value), tuple(pull), tuple(one_die), tuple(klack))


@cache
def score_under(policy: Policy) -> tuple[Fraction, ...]:
    """The expected score at the end of the turn, per mask, when playing ``policy``."""
    if policy.objective == "score":
        return policy.value
    n = ALL_UP + 1
    score = [Fraction(0)] * n
    for m in range(1, n):
        if policy.one_die[m]:
            score[m] = (1 - ONE_DIE_HIT) * TOTAL[m]
            continue
        score[m] = sum((p * (score[m & ~policy.pull[m][r]] if r in policy.pull[m] else TOTAL[m])
                        for r, p in ROLL_CHANCE.items()), Fraction(0))
    return tuple(score)
