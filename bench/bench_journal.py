"""Resuming a long journal (measured here, on this machine): the daemon's stream
(``journal.Reopened``: one line at a time, replayed as it is read) against the simple
alternative, reading the whole file and then replaying it (``parse_journal`` + ``replay``, what
resuming did before), on the same file, alternating, median of RUNS each; and the peak memory
each takes (tracemalloc, one run each, outside the timed runs).

The journal: an Express game of ACTIONS turns that ran out, with a clock line every 5 s of each
turn as the board writes them (so about 13 lines a turn): the longest kind of journal a board
writes, at a length no real game reaches.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.game.clacks.actions import Action  # noqa: E402
from clacks_hw.game.clacks.config import ClacksConfig  # noqa: E402
from clacks_hw.game.clacks.edition_files import default_edition  # noqa: E402
from clacks_hw.game.clacks.setup import deal_words  # noqa: E402
from clacks_hw.game.core.engine import apply, new_game  # noqa: E402
from clacks_hw.journal import Reopened, encode_lines, make_header, parse_journal, replay  # noqa: E402
from report import Row, record  # noqa: E402

ACTIONS = 3000
RUNS = 5
EDITION = default_edition()


def write(path: Path) -> int:
    cfg = ClacksConfig(("S", "N"), deal_words(EDITION, ("S", "N"), 1, 5), seed=5, variants=frozenset({"express"}))
    state, lines = new_game(EDITION, cfg), []
    for _ in range(ACTIONS):
        for used in range(5, 60, 5):
            lines.append({"clock": float(used), "seat": state.turn.seat, "turn": state.turn.number})
        action = Action(state.turn.seat, "timeout", time=60.0)
        state = apply(state, action)
        lines.append(action.to_json())
    path.write_bytes(encode_lines(make_header(EDITION, cfg, created="2025-01-01T00:00:00+00:00"), *lines))
    return path.stat().st_size


def stream(path: Path):
    r = Reopened(path, EDITION)
    r.close()
    return r.result.state


def whole(path: Path):
    return replay(parse_journal(path.read_bytes()), EDITION).state


def timed(fn, path) -> float:
    t0 = time.perf_counter()
    fn(path)
    return time.perf_counter() - t0


def peak(fn, path) -> int:
    tracemalloc.start()
    try:
        fn(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.jsonl"
        size = write(path)
        assert stream(path) == whole(path)
        times: dict = {stream: [], whole: []}
        for _ in range(RUNS):
            for fn in (stream, whole):
                times[fn].append(timed(fn, path))
        print(f"resume a {size / 1e6:.1f} MB journal ({ACTIONS} actions, {ACTIONS * 12 + 1} lines), median of {RUNS}:")
        v = {"mb": size / 1e6, "actions": ACTIONS, "lines": ACTIONS * 12 + 1, "runs": RUNS}
        for fn, name in ((stream, "stream"), (whole, "whole")):
            v[name] = {"ms": statistics.median(times[fn]) * 1000, "peak_mb": peak(fn, path) / 1e6}
            print(f"  {LABELS[name]:<36} {v[name]['ms']:7.0f} ms   peak memory {v[name]['peak_mb']:6.2f} MB")
        record(__file__, rows, v)


LABELS = {"stream": "stream (Reopened)", "whole": "whole file (parse_journal + replay)"}


def rows(v: dict) -> list[Row]:
    return [Row("board", "resume", f"resume a {v['mb']:.1f} MB journal (Express turns with their clock lines, "
                f"{v['lines']:,} lines): the daemon's stream against reading the whole file first, alternating, "
                f"median of {v['runs']}",
                f"stream {v['stream']['ms']:.0f} ms, peak memory {v['stream']['peak_mb']:.2f} MB; the whole file "
                f"{v['whole']['ms']:.0f} ms, peak {v['whole']['peak_mb']:.2f} MB", "measured")]


if __name__ == "__main__":
    main()
