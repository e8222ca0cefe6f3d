"""The chances of the d8 tests, exactly, for the computer players (computer.py) to weigh a
choice before the die is rolled.

The rules are dice.py's: a natural 1 fails whatever the total, and where the rules say so
(Wizards' Challenges, combat) a natural 8 re-rolls and adds, each 8 again, and a 1 rolled after
an 8 is only a 1 ("A roll of 1 is always a fail, except if it is rolled after a natural 8",
Answers to frequently asked questions). A chain is followed to ``DEPTH`` dice: what is left
out is less than one chance in 4,000.
"""

from __future__ import annotations

from functools import cache

from .dice import FACES

DEPTH = 4


@cache
def _chained_sum(depth: int) -> tuple[tuple[int, float], ...]:
    """(sum, chance) of the dice after a natural 8: every face counts, an 8 rolls again."""
    out: dict[int, float] = {}
    for d in range(1, FACES):
        out[d] = out.get(d, 0.0) + 1 / FACES
    rest = _chained_sum(depth - 1) if depth > 1 else ((0, 1.0),)
    for s, p in rest:
        out[FACES + s] = out.get(FACES + s, 0.0) + p / FACES
    return tuple(sorted(out.items()))


@cache
def roll_chances(chain: bool) -> tuple[tuple[int | None, float], ...]:
    """(what the dice add, chance) of one test's roll; None stands for a natural 1."""
    out: list[tuple[int | None, float]] = [(None, 1 / FACES)]
    out += [(d, 1 / FACES) for d in range(2, FACES)]
    if chain:
        out += [(FACES + s, p / FACES) for s, p in _chained_sum(DEPTH - 1)]
    else:
        out.append((FACES, 1 / FACES))
    return tuple(out)


@cache
def pass_chance(base: int, target: int, chain: bool = False) -> float:
    """The chance that ``base`` + the die reaches ``target`` (a natural 1 failing)."""
    return sum(p for d, p in roll_chances(chain) if d is not None and base + d >= target)


def all_pass(tests, chain: bool = True) -> float:
    """The chance of passing every (base, target) of ``tests`` in one attempt."""
    out = 1.0
    for base, target in tests:
        out *= pass_chance(base, target, chain)
    return out


@cache
def _blow(attack: int, guard: int) -> tuple[float, float]:
    """(lands, falls short) of an Ambush's blow, from one walk over both chained dice."""
    lands, short = 0.0, 1 / FACES  # a natural 1 on the blow falls short
    for a, pa in roll_chances(True):
        if a is None:
            continue
        for g, pg in roll_chances(True):
            if g is None or attack + a > guard + g:
                lands += pa * pg
            elif attack + a < guard + g:
                short += pa * pg
    return lands, short


def blow_lands(attack: int, guard: int) -> float:
    """An Ambush's blow (Combat Rules): the chance that ``attack`` + a chained d8 beats ``guard``
    + a chained d8. A natural 1 on the blow misses; on the guard it lets any blow through."""
    return _blow(attack, guard)[0]


def blow_misses(attack: int, guard: int) -> float:
    """The chance that the blow falls short (a natural 1 on it, or a lower total with no natural
    1 on the guard): what gives the defender the counter-attack."""
    return _blow(attack, guard)[1]
