"""The engine's and the board's figures of an older commit and of this checkout, side by side
in one run: the two take turns, round by round, so a machine that gets busier or quieter
halfway weighs on both alike.

    .venv/bin/python bench/compare_commits.py COMMIT [--rounds 8] [--games 40]     (make bench-compare)

Each round runs, in each tree: one apply-one-action median (bench_engine.bench_apply),
4-player competitive bot games for 3 s (bench_engine.play_game), KLACKERS games of its three
automatic players (bench_klackers.play), and the board: a seeded stream of button presses and
card taps through the daemon's controller (``Controller.handle``, every accepted action
journalled to a folder in memory when /dev/shm is there) as events handled per second, after
one controller was made first (finding the games is a start-up cost, bench_start.py's). The
older commit is unpacked with `git archive` into a temporary folder and imported from there
(its own bench files, its own engine and daemon); this checkout runs as it is. Prints every
round and the median and best of each side. Then the board again, finer (``--games``): one
process a side, the two taking turns game by game, only the events timed, so a machine whose
load swings from round to round still compares like with like.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from report import Row, record

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import random, sys, tempfile, time
sys.path.insert(0, "bench")
import bench_engine as e
import bench_klackers as k
from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.events import CardTap
from clacks_hw.daemon.session import JournalStore
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.testing.cards import EDITION, card_map

apply_s, _ = e.bench_apply()
t0, n = time.perf_counter(), 0
while time.perf_counter() - t0 < 3:
    e.play_game(10_000 + n)
    n += 1
out = [apply_s * 1e6, n / (time.perf_counter() - t0)]
for kind in ("best", "greedy", "random"):
    t0 = time.perf_counter()
    for seed in range(60):
        k.play(seed, kind)
    out.append(60 / (time.perf_counter() - t0))

BUTTONS = ("PLAY", "PLAY", "NEXT", "PREV", "TURN", "BACK", "R1", "R2", "R3", "G1", "G3", "G5")
cards = sorted(EDITION.jacquards)
with tempfile.TemporaryDirectory(dir="/dev/shm" if __import__("os").path.isdir("/dev/shm") else None) as tmp:
    Controller(EDITION, JournalStore(tmp, EDITION), card_map(), Settings()).close()  # games found, once
    events, now, t0 = 0, 0.0, time.perf_counter()
    for game in range(4):
        rng = random.Random(game)
        ctrl = Controller(EDITION, JournalStore(tmp, EDITION), card_map(), Settings(), rng=random.Random(game))
        for name in ("PLAY", "PLAY", "PLAY", "PLAY", "PLAY"):  # attract -> set-up -> a game, words dealt
            now += 0.1
            ctrl.handle(ButtonEvent("press", name, now), now)
        for _ in range(1500):
            now += 0.1
            if rng.random() < 0.3:
                ctrl.handle(CardTap(rng.choice(cards)), now)
            else:
                ctrl.handle(ButtonEvent("press", rng.choice(BUTTONS), now), now)
            events += 1
        ctrl.close()
    out.append(events / (time.perf_counter() - t0))
print(" ".join(f"{x:.2f}" for x in out))
"""
# The board again, finer: one process a side, made once, each playing one game of 1500 events
# when told to, the two sides taking turns game by game; only the events are timed (each game's
# controller and set-up are made first). A busy machine disturbs single games, not a side.
DUEL = """
import random, sys, tempfile, time
from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.events import CardTap
from clacks_hw.daemon.session import JournalStore
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.testing.cards import EDITION, card_map

BUTTONS = ("PLAY", "PLAY", "NEXT", "PREV", "TURN", "BACK", "R1", "R2", "R3", "G1", "G3", "G5")
cards = sorted(EDITION.jacquards)
with tempfile.TemporaryDirectory(dir="/dev/shm" if __import__("os").path.isdir("/dev/shm") else None) as tmp:
    Controller(EDITION, JournalStore(tmp, EDITION), card_map(), Settings()).close()  # games found, once
    for game, _ in enumerate(sys.stdin):
        rng = random.Random(game % 4)
        ctrl = Controller(EDITION, JournalStore(tmp, EDITION), card_map(), Settings(), rng=random.Random(game % 4))
        now = 0.0
        for name in ("PLAY", "PLAY", "PLAY", "PLAY", "PLAY"):  # attract -> set-up -> a game, words dealt
            now += 0.1
            ctrl.handle(ButtonEvent("press", name, now), now)
        stream = [CardTap(rng.choice(cards)) if rng.random() < 0.3 else ButtonEvent("press", rng.choice(BUTTONS), 0)
                  for _ in range(1500)]
        t0 = time.perf_counter()
        for event in stream:
            now += 0.1
            ctrl.handle(event, now)
        print(f"{len(stream) / (time.perf_counter() - t0):.1f}", flush=True)
        ctrl.close()
"""
FIGURES = ("apply us", "games/s", "KLACKERS best/s", "greedy/s", "random/s", "board events/s")
EXIT_BAD_INPUT = 2


def run(tree: Path) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tree, env=env, capture_output=True, text=True,
                          timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"the benchmark failed in {tree}:\n{done.stderr.strip()[-2000:]}")
    return [float(x) for x in done.stdout.split()]


def duel(trees: dict[str, Path], games: int) -> dict[str, list[float]]:
    """Events per second of each game, the sides taking turns game by game."""
    workers = {side: subprocess.Popen([sys.executable, "-c", DUEL], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for side, tree in trees.items()}
    rates: dict[str, list[float]] = {side: [] for side in trees}
    try:
        for _ in range(games):
            for side, worker in workers.items():
                worker.stdin.write("go\n")
                worker.stdin.flush()
                answer = worker.stdout.readline()
                if not answer:
                    raise SystemExit(f"the board's benchmark stopped in {trees[side]}")
                rates[side].append(float(answer))
    finally:
        for worker in workers.values():
            worker.stdin.close()
            worker.wait(timeout=60)
    return rates


def unpack(commit: str, into: str) -> None:
    archive = subprocess.run(["git", "archive", commit, "clacks_hw", "bench"], cwd=ROOT, capture_output=True)
    if archive.returncode != 0:
        print(f"compare_commits: cannot read commit {commit!r}: {archive.stderr.decode().strip()} "
              "(give a commit git knows, e.g. one from `git log --oneline`)", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the older commit to compare with (anything git names)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds, each running both sides (default 8)")
    parser.add_argument("--games", type=int, default=40, help="board games a side, taking turns (default 40)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds {args.rounds}: give at least 1")
    results: dict[str, list[list[float]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        unpack(args.commit, tmp)
        trees = {"before": Path(tmp), "after": ROOT}
        for k in range(args.rounds):
            for side, tree in trees.items():
                figures = run(tree)
                results[side].append(figures)
                load = os.getloadavg()[0]
                print(f"round {k + 1} {side:6} " + "  ".join(f"{n} {v:.1f}" for n, v in zip(FIGURES, figures))
                      + f"  (load {load:.1f})", flush=True)
        board = duel(trees, args.games)
    print(f"before: {args.commit}; after: this checkout; {args.rounds} rounds, taking turns")
    for i, name in enumerate(FIGURES):
        best = min if name.endswith("us") else max
        b = [r[i] for r in results["before"]]
        a = [r[i] for r in results["after"]]
        print(f"{name:16} median {statistics.median(b):8.1f} before, {statistics.median(a):8.1f} after;"
              f"  best {best(b):8.1f} before, {best(a):8.1f} after")
    b, a = board["before"], board["after"]
    print(f"board, game by game ({args.games} games a side, taking turns; events/s, the events alone): "
          f"median {statistics.median(b):.0f} before, {statistics.median(a):.0f} after; "
          f"best {max(b):.0f} before, {max(a):.0f} after")
    medians = {name: [statistics.median(r[i] for r in results[side]) for side in ("before", "after")]
               for i, name in enumerate(FIGURES)}
    record(__file__, rows, {"before": args.commit, "rounds": args.rounds, "games": args.games, "medians": medians,
                            "board": [statistics.median(b), statistics.median(a), max(b), max(a)]})


def rows(v: dict) -> list[Row]:
    b = v["board"]
    figures = "; ".join(f"{name} {before:.1f} before, {after:.1f} after" for name, (before, after) in v["medians"].items())
    return [Row("before-after", "compare", f"this checkout against {v['before']}: the two taking turns in one run, "
                f"{v['rounds']} rounds, medians (`make bench-compare BEFORE={v['before']}`)",
                f"{figures}; the board game by game ({v['games']} games a side, taking turns; events/s): median "
                f"{b[0]:.0f} before, {b[1]:.0f} after, best {b[2]:.0f} before, {b[3]:.0f} after", "no slower than before")]


if __name__ == "__main__":
    main()
