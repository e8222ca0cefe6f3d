"""Guards! Guards! benchmark: random legal games per second (the engine's own random player,
drawing one kind of action at a time, against the plain alternative that lists every legal
action and picks one), 10,000 random games checked for the properties the tests check on a
few hundred (money never negative, at most one dragon a quadrant, no secret in the public
view), and how long the board takes to judge a test: from the die's action to the judged state
and the public position the screens draw from (p50 / p99).

    python bench/bench_guards.py [--games N] [--properties-only]   (make bench: all, 10,000 games)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.game.core.engine import apply, legal_actions  # noqa: E402
from clacks_hw.game.core.view import PUBLIC  # noqa: E402
from clacks_hw.game.guards.game import GUARDS  # noqa: E402
from clacks_hw.game.guards.legal import random_action  # noqa: E402
from tests.guards.randomgames import SEATINGS, random_game, scrubbed  # noqa: E402
from tests.guards.test_properties import invariants  # noqa: E402

STEPS = 150  # actions a game at most (then stopped: the properties hold at every step on the way)


def rate(label: str, games: int, pick) -> float:
    from clacks_hw.game.core.engine import new_game
    from clacks_hw.game.guards.config import GuardsConfig

    t0 = time.perf_counter()
    actions = 0
    for seed in range(games):
        s = new_game(None, GuardsConfig(seats=SEATINGS[seed % 3], seed=seed))
        rng = random.Random(seed)
        for _ in range(STEPS):
            if s.over:
                break
            s = apply(s, pick(s, rng))  # neither stops the game: both play STEPS actions or to the end
            actions += 1
    dt = time.perf_counter() - t0
    print(f"{label}: {games / dt:6.1f} games/s of up to {STEPS} actions "
          f"({1e6 * dt / actions:.0f} us an action, {actions / games:.0f} actions a game)")
    return games / dt


def properties(games: int) -> None:
    t0 = time.perf_counter()
    states = 0
    endings: dict[str, int] = {}
    for seed in range(games):
        last = None
        for _, s in random_game(seed, 2 + seed % 3, steps=STEPS):
            invariants(s)
            if GUARDS.position(scrubbed(s), PUBLIC) != GUARDS.position(s, PUBLIC):
                raise SystemExit(f"game {seed}: the public view changed with the secrets: a secret shows")
            states += 1
            last = s
        endings[last.ended or "cut"] = endings.get(last.ended or "cut", 0) + 1
        if seed and seed % 1000 == 0:
            print(f"  {seed} games checked ({time.perf_counter() - t0:.0f} s)", flush=True)
    print(f"{games} random games, {states} states: money never negative, at most one dragon a quadrant, no "
          f"card in two places, no secret in the public view; endings {endings} ({time.perf_counter() - t0:.0f} s)")


def judgement(samples: int = 5000) -> None:
    """Each sample: a random position of a random game where a test waits for its die; the time of
    applying the roll and drawing the public position from the result."""
    waiting = []
    seed = 0
    while len(waiting) < samples:
        for action, s in random_game(10_000 + seed, 2 + seed % 3, steps=STEPS):
            if s.pending is not None:
                waiting.append(s)
        seed += 1
    times = []
    for s in waiting[:samples]:
        roll = GUARDS.parse_action({"seat": s.pending.seat, "act": "roll"})
        t0 = time.perf_counter()
        after = apply(s, roll)
        GUARDS.position(after, PUBLIC)
        times.append(time.perf_counter() - t0)
    times.sort()
    p50, p99 = statistics.median(times), times[int(0.99 * len(times))]
    print(f"a test judged (roll applied + public position drawn), {samples} tests: p50 {1e6 * p50:.0f} us, "
          f"p99 {1e6 * p99:.0f} us, max {1e6 * times[-1]:.0f} us (the engine's part of tap-to-lamp only)")


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 10_000
    if "--properties-only" in sys.argv:
        properties(n)
        raise SystemExit(0)
    ours = rate("random player, one kind at a time", 200, random_action)
    plain = rate("plain: every legal action listed, one picked", 200,
                 lambda s, rng: rng.choice([a for a in legal_actions(s) if a.act != "stop"]))
    print(f"  the kind-first random player is {ours / plain:.1f}x the plain one (the same games' length)")
    judgement()
    properties(n)
