"""KLACKERS benchmark: whole games per second with 4 automatic players, and the best player's
chance of a KLACK over 100,000 turns played through the engine, against the exact chance the
dynamic programme over the 512 masks gives for the same policy.

Target (issue 13): the simulated frequency agrees with the exact probability within the
sampling error (|difference| <= 3 standard errors).
"""

from __future__ import annotations

import math
import random
import time

from clacks_hw.game.klackers.bots import BOTS, bot_action
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.game.klackers.numbers import ALL_UP
from clacks_hw.game.klackers.rules import apply
from clacks_hw.game.klackers.solver import solve
from clacks_hw.game.klackers.state import new_game
from report import Row, record

SEATS = ("S", "W", "N", "E")
GAMES = 300
TURNS = 100_000


def play(seed: int, kind: str, rounds: int = 3):
    state = new_game(klackers_config(seats=SEATS, seed=seed, rounds=rounds))
    rng = random.Random(seed)
    actions = 0
    while not state.over:
        state = apply(state, bot_action(state, rng, kind))
        actions += 1
    return state, actions


def games_per_second() -> dict:
    rates = {}
    for kind in BOTS:
        t0 = time.perf_counter()
        actions = sum(play(seed, kind)[1] for seed in range(GAMES))
        dt = time.perf_counter() - t0
        print(f"4 {kind} players, 3 won rounds: {GAMES / dt:6.0f} games/s "
              f"({actions / GAMES:.0f} actions a game, {1e6 * dt / actions:.1f} us an action)")
        rates[kind] = GAMES / dt
    return rates


def klack_frequency() -> dict:
    policy = solve("score")
    exact = float(policy.klack[ALL_UP])
    turns = klacks = 0
    seed = 0
    t0 = time.perf_counter()
    while turns < TURNS:
        final, _ = play(seed, "best", rounds=20)
        for r in final.results:
            for _, score in r.scores[:TURNS - turns]:
                turns += 1
                klacks += score == 0
        seed += 1
    dt = time.perf_counter() - t0
    p = klacks / turns
    se = math.sqrt(exact * (1 - exact) / turns)
    z = (p - exact) / se
    print(f"P(KLACK), best player: simulated {p:.5f} over {turns} turns ({dt:.1f} s); exact (DP) "
          f"{exact:.5f}; standard error {se:.5f}; difference {z:+.2f} standard errors "
          f"({'agrees' if abs(z) <= 3 else 'DISAGREES'})")
    print(f"expected score, best player: exact {float(policy.expected_score()):.4f}")
    return {"simulated": p, "exact": exact, "se": se, "z": z, "turns": turns}


def rows(v: dict) -> list[Row]:
    k = v["klack"]
    return [Row("engine", "games", "KLACKERS games, 4 automatic players, 3 won rounds",
                ", ".join(f"{rate:.0f} games/s ({kind})" for kind, rate in v["rates"].items()), "measured"),
            Row("engine", "klack", f"KLACKERS: P(KLACK) of the best player, {k['turns']:,} turns through the engine "
                "vs exact DP", f"{k['simulated']:.5f} vs {k['exact']:.5f} (standard error {k['se']:.5f}: "
                f"{k['z']:+.1f} SE)", "within 3 SE")]


if __name__ == "__main__":
    values = {"rates": games_per_second(), "klack": klack_frequency()}
    record(__file__, rows, values)
    if abs(values["klack"]["z"]) > 3:
        raise SystemExit(1)
