"""Guards! Guards! benchmark: random legal games per second (the engine's own random player,
drawing one kind of action at a time, against the plain alternative that lists every legal
action and picks one), 10,000 random games checked for the properties the tests check on a
few hundred (money never negative, at most one dragon a quadrant, no secret in the public
view), and how long the board takes to judge a test: from the die's action to the judged state
and the public position the screens draw from (p50 / p99).

    python bench/bench_guards.py [--games N] [--properties-only | --no-properties]   (make bench: all, 10,000 games)
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
from report import Row, record  # noqa: E402

STEPS = 150  # actions a game at most (then stopped: the properties hold at every step on the way)


def rate(label: str, games: int, pick) -> dict:
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
    return {"games_per_s": games / dt, "action_us": 1e6 * dt / actions, "games": games}


def properties(games: int) -> dict:
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
    return {"games": games, "states": states, "seconds": time.perf_counter() - t0, "endings": endings}


def judgement(samples: int = 5000) -> dict:
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
    return {"tests": samples, "p50_us": 1e6 * p50, "p99_us": 1e6 * p99, "max_us": 1e6 * times[-1]}


def rows(v: dict) -> list[Row]:
    ours, plain, j = v["ours"], v["plain"], v["judged"]
    return [Row("engine", "guards-games", f"Guards! Guards! random legal games, up to {STEPS} actions each, 2-4 "
                "players: the engine's random player drawing one kind of action at a time, against listing every "
                f"legal action and picking one, same run ({ours['games']} games each)",
                f"{ours['games_per_s']:.1f} games/s ({ours['action_us']:.0f} us an action) against "
                f"{plain['games_per_s']:.1f} games/s ({plain['action_us']:.0f} us): "
                f"{ours['games_per_s'] / plain['games_per_s']:.1f}x", "measured"),
            Row("engine", "guards-judged", "Guards! Guards!: a test judged, the die's action applied and the public "
                f"position drawn from the result (the engine's part of tap-to-lamp; {j['tests']:,} waiting tests of "
                "random games)", f"p50 {j['p50_us']:.0f} us, p99 {j['p99_us']:.0f} us, max {j['max_us']:.0f} us",
                "measured")]


def rows_properties(v: dict) -> list[Row]:
    ends = ", ".join(f"{n:,} {end}" for end, n in sorted(v["endings"].items()))
    return [Row("engine", "guards-properties", "Guards! Guards!: random games checked at every state (money never "
                "negative, one dragon a quadrant at most, no card in two places, the public view unchanged when "
                "every secret is swapped)", f"{v['games']:,} games, {v['states']:,} states, in {v['seconds']:.0f} s: "
                f"no property broken (endings: {ends}; cut: stopped at {STEPS} actions)", "none broken")]


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 10_000
    if "--properties-only" not in sys.argv:
        ours = rate("random player, one kind at a time", 200, random_action)
        plain = rate("plain: every legal action listed, one picked", 200,
                     lambda s, rng: rng.choice([a for a in legal_actions(s) if a.act != "stop"]))
        print(f"  the kind-first random player is {ours['games_per_s'] / plain['games_per_s']:.1f}x the plain one "
              "(the same games' length)")
        record(__file__, rows, {"ours": ours, "plain": plain, "judged": judgement()})
    if "--no-properties" not in sys.argv:
        record(__file__, rows_properties, properties(n), part="properties")
