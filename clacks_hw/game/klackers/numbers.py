"""The nine KLACKER numbers as a 9-bit mask: bit ``n - 1`` is set while number ``n`` is up.

Every combination of numbers is a submask, so "which combinations of the numbers still up add
up to the roll" is a lookup in a table built once: for each of the 512 masks, its submasks
grouped by their sum.
"""

from __future__ import annotations

NUMBERS = tuple(range(1, 10))
ALL_UP = (1 << 9) - 1  # a turn starts with all nine numbers up
ONE_DIE_MAX = 6  # the one-die option: only while the numbers up add up to this or less


def mask_of(numbers) -> int:
    m = 0
    for n in numbers:
        m |= 1 << (n - 1)
    return m


def numbers_of(mask: int) -> tuple[int, ...]:
    return tuple(n for n in NUMBERS if mask >> (n - 1) & 1)


def _total(mask: int) -> int:
    return sum(numbers_of(mask))


TOTAL = tuple(_total(m) for m in range(ALL_UP + 1))  # the score a mask of numbers up leaves


def _submasks(mask: int):
    sub = mask
    while sub:
        yield sub
        sub = (sub - 1) & mask


def _combinations(mask: int) -> dict[int, tuple[int, ...]]:
    by_sum: dict[int, list[int]] = {}
    for sub in _submasks(mask):
        by_sum.setdefault(TOTAL[sub], []).append(sub)
    return {s: tuple(sorted(subs)) for s, subs in by_sum.items()}


# COMBINATIONS[mask][roll]: every combination of the numbers up in ``mask`` adding up to ``roll``
COMBINATIONS = tuple(_combinations(m) for m in range(ALL_UP + 1))


def combinations(mask: int, roll: int) -> tuple[int, ...]:
    return COMBINATIONS[mask].get(roll, ())


def spelled(mask: int) -> str:
    """``3+4`` for the numbers in ``mask`` (``nothing`` for none)."""
    return "+".join(map(str, numbers_of(mask))) or "nothing"
