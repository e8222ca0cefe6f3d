"""The eight-sided die and how a test is judged.

"A roll of a Natural 8 allows the player to re-roll the die again, and add the result to the
overall total. A roll of 1 is an automatic failure!" (Attempting a Wizard's Challenge; the same
in the Combat Rules.) "Is a roll of 1 always a fail? A roll of 1 is always a fail, except if it
is rolled after a natural 8. (when it is added to the 8 to give a total roll of 9)" (Answers to
frequently asked questions.)

A die comes from the board (the n-th roll of a game is its own seeded draw, so a journal replays
to the same dice) or is typed in from the physical die: both are a ``roll`` action, journalled.
"""

from __future__ import annotations

from ..core.randomness import roll

FACES = 8


def board_die(seed: int, n: int) -> int:
    return roll("guards", seed, f"d8/{n}", 1, FACES)[0]


def rolls_again(dice: tuple[int, ...], chain: bool) -> bool:
    """Whether the test waits for another die: a natural 8 where the rules re-roll and add
    (chaining: each 8 re-rolls again)."""
    return chain and dice[-1] == FACES


def natural_one(dice: tuple[int, ...]) -> bool:
    """The first die a 1: an automatic failure whatever the total."""
    return dice[0] == 1


def judged(base: int, dice: tuple[int, ...], target: int | None) -> tuple[int, bool]:
    """(total, passed): the dice added to ``base``; a natural 1 fails, else total >= target."""
    total = base + sum(dice)
    if natural_one(dice):
        return total, False
    return total, target is None or total >= target
