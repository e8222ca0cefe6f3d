"""The planner against its yardsticks, side by side on the same positions in one run.

Targets: the tables built when the edition loads in <= 50 ms; the first query after loading
costs what a warm one does; >= 10x the brute force that stops at its first answer (the tests'
reference); <= 1 ms a query (3-card hand, all six towers of the mover's colour).
"""

from __future__ import annotations

import random
import statistics
import time

from clacks_hw.game.brute_force import cheapest_cost
from clacks_hw.game.edition_files import default_edition, load_edition
from clacks_hw.game.planner import Tables, plan
from clacks_hw.game.setup import deal_words, new_game
from clacks_hw.game.state import GameConfig
from clacks_hw.game.values import replace

EDITION = default_edition()


def random_position(rng: random.Random):
    seed = rng.randrange(10**6)
    state = new_game(EDITION, GameConfig(seats=("S", "N"), words=deal_words(EDITION, ("S", "N"), 1, seed), seed=seed))
    hand = tuple(rng.sample(sorted(EDITION.jacquards), 3))
    state = replace(state, board=rng.getrandbits(16))
    return state.with_player(replace(state.current, hand=hand))  # pawn on the start button: all 6 towers open


def timed(fn, *args, repeat: int = 1) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    return (time.perf_counter() - t0) / repeat


def main() -> None:
    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(300)]
    build = statistics.median(timed(Tables, EDITION) for _ in range(15))
    first = []
    for s in positions[:30]:  # a fresh load of the edition before each: its very first query
        fresh = replace(s, edition=load_edition(EDITION.path))
        first.append(timed(plan, fresh))
    warm = [timed(plan, s, repeat=10) for s in positions]
    found = sum(plan(s) is not None for s in positions)
    early = [timed(cheapest_cost, s) for s in positions[:100]]
    exhaustive = [timed(cheapest_cost, s, None, True) for s in positions[:30]]
    w = statistics.median(warm)
    print(f"tables:  built in {build * 1e3:.1f} ms when the edition loads (median of 15; target <= 50 ms)")
    print(f"planner: median {w * 1e6:7.1f} us warm, {statistics.median(first) * 1e6:.1f} us as the first "
          f"query after loading (3-card hand, all six towers; {found}/{len(positions)} can send; target <= 1 ms)")
    print(f"         brute force stopping at its first answer: median {statistics.median(early) * 1e6:.0f} us "
          f"({statistics.median(early) / statistics.median(warm[:100]):.0f}x the planner on the same 100; "
          "target >= 10x)")
    print(f"         exhaustive brute force: median {statistics.median(exhaustive) * 1e6:.0f} us "
          f"({statistics.median(exhaustive) / statistics.median(warm[:30]):.0f}x)")


if __name__ == "__main__":
    main()
