"""Dice rolled by the board: the n-th roll of a game always comes out the same for its seed.

Each roll seeds its own generator from (seed, n), so a journal replays to the same dice and a
roll never depends on how many random numbers something else drew.
"""

from __future__ import annotations

from ..core.randomness import roll

FACES = 6


def rolled(seed: int, n: int, count: int) -> tuple[int, ...]:
    return roll("klackers", seed, f"dice/{n}", count, FACES)
