"""Rules-engine benchmark: apply, planner, and whole games per second.

Targets (issue 2): apply <= 25 us median, planner <= 1 ms median (3-card hand, all six towers
of the mover's colour), >= 100 random legal 4-player games per second.
"""

from __future__ import annotations

import random
import statistics
import time

from clacks_hw.game.bots import bot_action
from clacks_hw.game.brute_force import cheapest_cost
from clacks_hw.game.edition_files import default_edition
from clacks_hw.game.planner import plan
from clacks_hw.game.rules import apply
from clacks_hw.game.setup import deal_words, new_game
from clacks_hw.game.state import GameConfig
from clacks_hw.game.values import replace

EDITION = default_edition()
SEATS4 = ("S", "W", "N", "E")


def play_game(seed: int, record=None):
    state = new_game(EDITION, GameConfig(seats=SEATS4, words=deal_words(EDITION, SEATS4, 1, seed), seed=seed))
    rng = random.Random(seed)
    while not state.over and state.turn.number < 2000:
        action = bot_action(state, rng)
        if record is not None:
            record.append((state, action))
        state = apply(state, action)
    return state


def bench_apply() -> float:
    pairs = []
    for seed in range(20):
        play_game(seed, pairs)
    samples = []
    for state, action in pairs:
        t0 = time.perf_counter()
        for _ in range(20):
            apply(state, action)
        samples.append((time.perf_counter() - t0) / 20)
    return statistics.median(samples), len(pairs)


def random_position(rng: random.Random):
    seed = rng.randrange(10**6)
    state = new_game(EDITION, GameConfig(seats=("S", "N"), words=deal_words(EDITION, ("S", "N"), 1, seed), seed=seed))
    hand = tuple(rng.sample(sorted(EDITION.jacquards), 3))
    state = replace(state, board=rng.getrandbits(16))
    return state.with_player(replace(state.current, hand=hand))  # pawn on the start button: all 6 towers open


def bench_planner():
    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(300)]
    cold = []
    for s in positions[:50]:
        from clacks_hw.game import planner

        planner._TABLES.clear()
        t0 = time.perf_counter()
        plan(s)
        cold.append(time.perf_counter() - t0)
    plan(positions[0])
    warm, found = [], 0
    for s in positions:
        t0 = time.perf_counter()
        for _ in range(10):
            p = plan(s)
        warm.append((time.perf_counter() - t0) / 10)
        found += p is not None
    brute = []
    for s in positions[:40]:
        t0 = time.perf_counter()
        cheapest_cost(s, exhaustive=True)
        brute.append(time.perf_counter() - t0)
    return statistics.median(warm), statistics.median(cold), statistics.median(brute), found, len(positions)


def bench_games():
    t0 = time.perf_counter()
    n, finished, turns = 0, 0, []
    while time.perf_counter() - t0 < 5.0:
        s = play_game(10_000 + n)
        n += 1
        finished += s.over
        turns.append(s.turn.number)
    return n / (time.perf_counter() - t0), finished, n, statistics.mean(turns)


if __name__ == "__main__":
    apply_s, n_actions = bench_apply()
    print(f"apply:   median {apply_s * 1e6:7.1f} us per action  ({n_actions} actions from 20 bot games; target <= 25 us)")
    warm, cold, brute, found, total = bench_planner()
    print(f"planner: median {warm * 1e6:7.1f} us warm, {cold * 1e6:.0f} us with empty caches "
          f"(3-card hand, all six towers; {found}/{total} positions can send; target <= 1 ms)")
    print(f"         brute force over every subset and placement: median {brute * 1e6:.0f} us "
          f"({brute / warm:.0f}x the planner)")
    rate, finished, games, mean_turns = bench_games()
    print(f"games:   {rate:7.1f} 4-player bot games per second ({finished}/{games} finished, "
          f"mean {mean_turns:.1f} turns; target >= 100)")
