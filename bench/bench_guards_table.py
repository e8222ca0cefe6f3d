"""Guards! Guards! on the lit board: how long a test's judgement takes, from the press of PLAY
to the board lighting it (the first frame of the die running round its face buttons, which is
drawn once the roll is judged and journaled), measured through the real daemon (its event
loop, the screens, the engine, the journal fsync'd on the system's temporary folder, the
renderer and the LED output), p50 and p99; beside it, in the same run, the engine alone judging
the same rolls (the simple alternative: no journal, no drawing). The die then runs for a fixed
time by design (game/core/die_run.py), reported as such, not measured.

    python bench/bench_guards_table.py [--tests N]
"""

from __future__ import annotations

import argparse
import io
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.config.load import load_config  # noqa: E402
from clacks_hw.daemon import app  # noqa: E402
from clacks_hw.game.core.die_run import HOLD_S, SPIN_S  # noqa: E402
from clacks_hw.daemon.setup_menu import SetupMenu  # noqa: E402
from clacks_hw.drivers.debounce import ButtonEvent  # noqa: E402
from clacks_hw.game.core.engine import apply  # noqa: E402
from clacks_hw.game.guards.actions import GuardsAction  # noqa: E402
from clacks_hw.game.guards.legal import random_action  # noqa: E402
from clacks_hw.testing.clock import FakeClock  # noqa: E402
from report import Row, record  # noqa: E402

TESTS = 300


class TimedSink:
    """The LED backend: when each frame reached it."""

    def __init__(self) -> None:
        self.shown: list[tuple[float, object]] = []

    def show(self, frame) -> None:
        self.shown.append((time.perf_counter(), frame))

    def close(self) -> None:
        """Nothing to release."""


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def board(folder: Path):
    cfg = load_config(overrides={"leds.backend": "virtual", "buttons.pin_factory": "mock", "reader.type": "none",
                                 "journal.dir": str(folder), "status.port": 0}, check_devices=False)
    sink = TimedSink()
    # The board's clock is a fake one only so that the bench need not wait out each die's run
    # (time is moved on between tests, never while one is measured).
    d = app.Daemon(cfg, seams=app.Seams(clock=FakeClock(), led_backend=sink, stop=threading.Event(),
                                        output=io.StringIO(), rng=random.Random(1), status_page=False, mqtt=False))
    menu = SetupMenu(page="words", mode="guards", variants=frozenset(), seats=("S", "W", "N"), words=(), names=())
    why = d.controller.start_game(menu, d.clock.now())
    assert why is None, why
    return d, sink


def next_test(d, rng) -> None:
    """Random legal actions (the engine's own player) until a test waits for its die."""
    screen = d.controller.current
    if d.controller.screen != "game":
        raise StopIteration
    while screen.state.pending is None:
        if screen.state.over or d.controller.current is not screen:
            raise StopIteration
        action = random_action(screen.state, rng)
        if action.act == "roll":
            continue
        screen.submit(action, d.clock.now())
    if screen.state.over or d.controller.current is not screen:  # ended with a test set: no roll to time
        raise StopIteration


def measure(tests: int) -> tuple[list[float], list[float]]:
    rng = random.Random(7)
    board_ms, engine_ms = [], []
    with tempfile.TemporaryDirectory() as tmp:
        d, sink = board(Path(tmp))
        try:
            d.loop.step(0)
            while len(board_ms) < tests:
                try:
                    next_test(d, rng)
                except StopIteration:  # a game ended: the next one
                    d.close()
                    d, sink = board(Path(tmp))
                    continue
                state = d.controller.current.state
                t0 = time.perf_counter()
                apply(state, GuardsAction(state.pending.seat, "roll"))
                engine_ms.append((time.perf_counter() - t0) * 1000)
                d.loop.step(0)  # anything due (the flourish of a roll before) drawn first
                d.clock.advance(SPIN_S + HOLD_S + 0.1)  # the die before has run its course
                d.loop.step(0)
                seen = len(sink.shown)
                t0 = time.perf_counter()
                d.events.put(ButtonEvent("press", "PLAY", d.clock.now()))
                d.loop.step(0)
                if d.controller.screen != "game":  # the roll won the game: the over screen's own picture
                    continue
                assert len(sink.shown) > seen, "the press lit nothing"
                board_ms.append((sink.shown[seen][0] - t0) * 1000)
        finally:
            d.close()
    return board_ms, engine_ms


def filesystem(path: str) -> str:
    """The file system's type (what an fsync costs depends on it)."""
    try:
        return subprocess.run(["stat", "-f", "-c", "%T", path], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "file system unknown"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", type=int, default=TESTS)
    args = parser.parse_args(argv)
    board_ms, engine_ms = measure(args.tests)
    print(f"Guards! Guards!: PLAY pressed to the judged test lit on the board, {len(board_ms)} tests: "
          f"p50 {statistics.median(board_ms):.2f} ms, p99 {pct(board_ms, 0.99):.2f} ms "
          f"(journal fsync'd in {tempfile.gettempdir()}, {filesystem(tempfile.gettempdir())})")
    print(f"  the engine alone judging the same rolls: p50 {statistics.median(engine_ms):.3f} ms, "
          f"p99 {pct(engine_ms, 0.99):.3f} ms")
    print(f"  then the die runs round the face buttons for {SPIN_S + HOLD_S:.2f} s by design "
          f"({SPIN_S:.2f} s running, {HOLD_S:.2f} s on the face)")
    record(__file__, rows, {"tests": len(board_ms), "board_ms": [statistics.median(board_ms), pct(board_ms, 0.99)],
                            "engine_ms": [statistics.median(engine_ms), pct(engine_ms, 0.99)],
                            "fs": filesystem(tempfile.gettempdir()), "die_s": SPIN_S + HOLD_S})
    return 0


def rows(v: dict) -> list[Row]:
    return [Row("board", "guards-play", "Guards! Guards! on the board: PLAY pressed to the judged test lit (the die's "
                "first step on the face buttons), through the daemon's loop, screens, the game's board play, engine, "
                f"journal fsync'd ({v['fs']}), renderer and LED output, {v['tests']} tests; beside it the engine alone "
                "judging the same rolls", f"p50 {v['board_ms'][0]:.1f} ms, p99 {v['board_ms'][1]:.1f} ms; the engine "
                f"alone p50 {v['engine_ms'][0]:.2f} ms, p99 {v['engine_ms'][1]:.2f} ms; then the die runs "
                f"{v['die_s']:.2f} s by design (not measured)", "measured")]


if __name__ == "__main__":
    sys.exit(main())
