"""The planner against its yardsticks, side by side on the same positions in one run.

Targets: the tables built when the edition loads in <= 50 ms; the first query after loading
costs what one on long-built tables does after the same work (nothing is left to build); >= 10x
the brute force that stops at its first answer (the tests' reference), the two taking turns on
each position; <= 1 ms a query (3-card hand, all six towers of the mover's colour).
"""

from __future__ import annotations

import random
import statistics
import time

from clacks_hw.game.clacks.brute_force import cheapest_cost
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition, load_edition
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.clacks.planner_tables import Tables
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace
from report import Row, record

EDITION = default_edition()


def random_position(rng: random.Random):
    seed = rng.randrange(10**6)
    state = new_game(EDITION, ClacksConfig(seats=("S", "N"), words=deal_words(EDITION, ("S", "N"), 1, seed), seed=seed))
    hand = tuple(rng.sample(sorted(EDITION.jacquards), 3))
    state = replace(state, board=rng.getrandbits(16))
    return state.with_player(replace(state.current, hand=hand))  # pawn on the start button: all 6 towers open


def timed(fn, *args, repeat: int = 1) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    return (time.perf_counter() - t0) / repeat


def first_and_later(rng: random.Random, loads: int = 30) -> tuple[float, float, float]:
    """Median times of single queries, each timed alone right after making its position and a
    short pause: the first query after the edition loads, a later one, and the first after the
    same loading work when the tables in use were built and used before. The first and the
    third differ only in whether the tables are new; the second runs with the planner's code
    already warm in the CPU's caches."""
    global EDITION
    kept, first, later, again = EDITION, [], [], []
    try:
        for _ in range(loads):
            EDITION = load_edition(kept.path)  # builds the planner's tables, as at start-up
            for out in (first, later):
                position = random_position(rng)
                time.sleep(0.002)
                out.append(timed(plan, position))
            load_edition(kept.path)  # the same reading (this copy shares the tables in use) ...
            Tables(EDITION)  # ... and the same building, thrown away
            position = random_position(rng)
            time.sleep(0.002)
            again.append(timed(plan, position))
    finally:
        EDITION = kept
    return statistics.median(first), statistics.median(later), statistics.median(again)


def rows(v: dict) -> list[Row]:
    return [
        Row("planner", "tables", "planner tables, built when the edition loads (median of 15)",
            f"{v['tables_ms']:.1f} ms", "<= 50 ms"),
        Row("planner", "query", "planner, 3-card hand over all six towers (median, repeated)",
            f"{v['query_us']:.1f} us ({v['can_send']}/{v['positions']} positions can send)", "<= 1 ms"),
        Row("planner", "alone", "planner, single queries each timed alone after a pause: the first after the edition "
            "loads / the first after the same loading work with tables built and used before / a later one",
            f"{v['first_us']:.0f} / {v['again_us']:.0f} / {v['later_us']:.0f} us", "the first two the same"),
        Row("planner", "brute", "brute force stopping at its first answer (the tests' reference), same positions, "
            "the two taking turns (fastest of 5 each)",
            f"median {v['brute_us']:.0f} us: the planner is {v['ratio']:.1f}x faster (median per position)", ">= 10x"),
        Row("planner", "exhaustive", "exhaustive brute force, same positions (median)",
            f"{v['exhaustive_ms']:.1f} ms ({v['exhaustive_ratio']:.0f}x the planner)", ""),
    ]


def main() -> None:
    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(300)]
    builds = [timed(Tables, EDITION) for _ in range(15)]
    build = statistics.median(builds)
    first, later, again = first_and_later(rng)
    warm, early, ratio = [], [], []
    for s in positions[:150]:  # side by side, position by position, taking turns
        runs = [(timed(plan, s), timed(cheapest_cost, s)) for _ in range(5)]
        p, b = min(r[0] for r in runs), min(r[1] for r in runs)  # the fastest of 5: the least disturbed
        warm.append(p)
        early.append(b)
        ratio.append(b / p)
    found = sum(plan(s) is not None for s in positions)
    exhaustive = [timed(cheapest_cost, s, None, True) for s in positions[:20]]
    w = statistics.median(warm)
    print(f"tables:  built in {build * 1e3:.1f} ms when the edition loads (median of 15, fastest "
          f"{min(builds) * 1e3:.1f} ms; target <= 50 ms)")
    print(f"planner: median {w * 1e6:7.1f} us a query, repeated (3-card hand, all six towers; "
          f"{found}/{len(positions)} can send; target <= 1 ms)")
    print(f"         timed alone after a pause: {first * 1e6:.0f} us the first query after the edition loads, "
          f"{again * 1e6:.0f} us after the same loading work with tables used before (target: the same), "
          f"{later * 1e6:.0f} us a later one")
    print(f"         brute force stopping at its first answer: median {statistics.median(early) * 1e6:.0f} us; "
          f"the planner is {statistics.median(ratio):.1f}x faster (median per position; target >= 10x)")
    print(f"         exhaustive brute force: median {statistics.median(exhaustive) * 1e6:.0f} us "
          f"({statistics.median(exhaustive) / statistics.median(warm[:20]):.0f}x)")
    record(__file__, rows, {"tables_ms": build * 1e3, "query_us": w * 1e6, "can_send": found,
                            "positions": len(positions), "first_us": first * 1e6, "again_us": again * 1e6,
                            "later_us": later * 1e6, "brute_us": statistics.median(early) * 1e6,
                            "ratio": statistics.median(ratio), "exhaustive_ms": statistics.median(exhaustive) * 1e3,
                            "exhaustive_ratio": statistics.median(exhaustive) / statistics.median(warm[:20])})

if __name__ == "__main__":
    main()
