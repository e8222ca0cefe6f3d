"""The decisive moments' cost on the pages: the status JSON of a position with the Last Letter
Sabotage window open (what the kiosk page, the play page and the hall are sent), built with the
moments and their words (views/moments.py) and, beside it in the same run, without them (the
code before), the two taking turns round by round so a busier machine weighs on both.

    .venv/bin/python bench/bench_moments.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.views.moments import moments_json  # noqa: E402
from clacks_hw.web import public  # noqa: E402
from clacks_hw.web.snapshot import StatusSnapshot  # noqa: E402
from tests.game.test_rules_sabotage import final_letter_sent  # noqa: E402
from report import Row, record  # noqa: E402

ROUNDS, CALLS = 9, 2000


def per_call_us(snapshot) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        public.status_json(snapshot)
    return (time.perf_counter() - start) / CALLS * 1e6


def main() -> None:
    state = final_letter_sent()
    snapshot = StatusSnapshot(seq=1, screen="game", state=state, actions=9)
    with_moments, without = [], []
    try:
        for _ in range(ROUNDS):
            public.moments_json = moments_json
            with_moments.append(per_call_us(snapshot))
            public.moments_json = lambda s: {}  # the JSON as it was before the moments
            without.append(per_call_us(snapshot))
    finally:
        public.moments_json = moments_json
    start = time.perf_counter()
    for _ in range(CALLS):
        moments_json(state)
    alone = (time.perf_counter() - start) / CALLS * 1e6
    print(f"status JSON, sabotage window open ({ROUNDS} rounds taking turns, median): "
          f"{statistics.median(without):.1f} us without the moments, {statistics.median(with_moments):.1f} us "
          f"with them; the moments alone {alone:.1f} us")
    record(__file__, rows, {"without_us": statistics.median(without), "with_us": statistics.median(with_moments),
                            "alone_us": alone, "rounds": ROUNDS})


def rows(v: dict) -> list[Row]:
    return [Row("pages", "moments", "the decisive moments on the pages: the status JSON of a position with the Last "
                f"Letter Sabotage window open, with the moments and their words and without them (the code before), "
                f"taking turns, median of {v['rounds']} rounds",
                f"{v['with_us']:.1f} us with them, {v['without_us']:.1f} us without; the moments alone "
                f"{v['alone_us']:.1f} us", "measured")]


if __name__ == "__main__":
    main()
