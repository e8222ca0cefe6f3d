"""Dice rolled by the board: the n-th roll of a game always comes out the same for its seed.

Each roll seeds its own generator from (seed, n), so a journal replays to the same dice and a
roll never depends on how many random numbers something else drew.
"""

from __future__ import annotations

import random

FACES = 6


def rolled(seed: int, n: int, count: int) -> tuple[int, ...]:
    rng = random.Random(f"klackers/{seed}/dice/{n}")
    return tuple(rng.randint(1, FACES) for _ in range(count))
