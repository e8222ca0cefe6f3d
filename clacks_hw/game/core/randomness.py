"""Seeded randomness, the only kind an engine has: every shuffle and every roll is drawn from
a generator named by the game, the game's seed and what is drawn ("clacks/15/bag/0",
"klackers/7/dice/3"), so a journal replays to the same cards and dice, and no draw depends on
how many numbers anything else drew. The seed is chosen and journalled outside the engine.

The shuffle is Python's own (``random.Random.shuffle``): journals already on boards depend on
it, and the golden journals in the tests fail if a Python release ever changes it.
"""

from __future__ import annotations

import random


def stream(game: str, seed: int, label: str) -> random.Random:
    """The generator of one named draw of one game."""
    return random.Random(f"{game}/{seed}/{label}")


def shuffled(items, game: str, seed: int, label: str) -> tuple:
    """``items`` in the order the named shuffle puts them."""
    out = list(items)
    stream(game, seed, label).shuffle(out)
    return tuple(out)


def roll(game: str, seed: int, label: str, count: int, faces: int = 6) -> tuple[int, ...]:
    """``count`` dice of ``faces`` faces, rolled by the named draw."""
    rng = stream(game, seed, label)
    return tuple(rng.randint(1, faces) for _ in range(count))
