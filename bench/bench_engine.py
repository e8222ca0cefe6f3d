"""Rules-engine benchmark: apply, and whole games per second (the planner: bench_planner.py).

Targets: apply <= 25 us median, >= 100 random legal 4-player games per second.
"""

from __future__ import annotations

import random
import statistics
import time

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from report import Row, record

EDITION = default_edition()
SEATS4 = ("S", "W", "N", "E")


def play_game(seed: int, record=None):
    state = new_game(EDITION, ClacksConfig(seats=SEATS4, words=deal_words(EDITION, SEATS4, 1, seed), seed=seed))
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


def bench_games():
    t0 = time.perf_counter()
    n, finished, turns = 0, 0, []
    while time.perf_counter() - t0 < 5.0:
        s = play_game(10_000 + n)
        n += 1
        finished += s.over
        turns.append(s.turn.number)
    return n / (time.perf_counter() - t0), finished, n, statistics.mean(turns)


def rows(v: dict) -> list[Row]:
    return [Row("engine", "apply", "apply one action (median)",
                f"{v['apply_us']:.1f} us ({v['actions']} actions from 20 bot games)", "<= 25 us"),
            Row("engine", "games", "random legal 4-player competitive games (bots)",
                f"{v['games_per_s']:.1f} games/s ({v['finished']}/{v['games']} finished, mean {v['mean_turns']:.1f} turns)",
                ">= 100")]


if __name__ == "__main__":
    apply_s, n_actions = bench_apply()
    print(f"apply:   median {apply_s * 1e6:7.1f} us per action  ({n_actions} actions from 20 bot games; target <= 25 us)")
    rate, finished, games, mean_turns = bench_games()
    print(f"games:   {rate:7.1f} 4-player bot games per second ({finished}/{games} finished, "
          f"mean {mean_turns:.1f} turns; target >= 100)")
    record(__file__, rows, {"apply_us": apply_s * 1e6, "actions": n_actions, "games_per_s": rate,
                            "finished": finished, "games": games, "mean_turns": mean_turns})
