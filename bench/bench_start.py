"""Start-up figures for a Pi Zero's sake (measured here, on this machine):

- `clacks-hw --help` and every subcommand's `--help` against a bare `python -c pass`, side by
  side in one run, taking turns, median of RUNS each (target: each <= 2.5x the bare
  interpreter). Byte-code caching is on, as on an installed board (the environment's
  PYTHONDONTWRITEBYTECODE is dropped), after one warm-up run of each.
- A Pi Zero 2 W figure, labelled as an estimate: this machine's medians times PI_ZERO_FACTOR
  (an assumption, not a measurement: a Cortex-A53 at 1 GHz runs Python's start-up about that
  many times slower than one core here). The ratios are what carries over.
- `clacks-hw run --virtual`: from starting the process to the first frame of the board on its
  standard output (status page off), median of DAEMON_RUNS.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 21
DAEMON_RUNS = 7
RATIO_TARGET = 2.5
PI_ZERO_FACTOR = 8.0  # assumed, see above
CLI = [sys.executable, "-m", "clacks_hw.cli"]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import Row, record  # noqa: E402
CLICK = "python -c 'import click'"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(argv) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
    return time.perf_counter() - t0


def help_vs_bare() -> dict[str, list[float]]:
    """name -> seconds per run; the bare interpreter, click alone and every `--help`, taking turns."""
    from clacks_hw.commands import LAZY

    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                CLICK: [sys.executable, "-c", "import click"],
                "clacks-hw --help": [*CLI, "--help"]}
    commands.update({f"clacks-hw {name} --help": [*CLI, name, "--help"] for name in sorted(LAZY)})
    for argv in commands.values():
        timed(argv)  # warm-up: byte-code written, files in the page cache
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, argv in commands.items():
            times[name].append(timed(argv))
    return times


def first_frame() -> list[float]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "config.toml"
        config.write_text("[status]\nport = 0\n")
        for _ in range(DAEMON_RUNS):
            t0 = time.perf_counter()
            proc = subprocess.Popen([*CLI, "run", "--virtual", "--for", "30", "--config", str(config),
                                     "--journal-dir", tmp], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, env=ENV, text=True)
            try:
                for line in proc.stdout:
                    if "R1" in line:  # a row of the board: the first frame is out
                        out.append(time.perf_counter() - t0)
                        break
            finally:
                proc.terminate()
                proc.wait(10)
    return out


def main() -> int:
    times = help_vs_bare()
    medians = {name: statistics.median(runs) * 1000 for name, runs in times.items()}
    bare = statistics.median(times["python -c pass"])
    worst, ok = 0.0, True
    print(f"median of {RUNS} runs each, taking turns; Pi Zero 2 W: ESTIMATE = median x {PI_ZERO_FACTOR:g} (assumed)")
    print(f"{'command':<36} {'median':>9} {'min':>9} {'ratio':>6}  {'Pi Zero 2 W (est.)':>18}")
    for name, runs in times.items():
        median = statistics.median(runs)
        ratio = median / bare
        mark = ""
        if name.startswith("clacks-hw"):
            worst = max(worst, ratio)
            mark = "ok" if ratio <= RATIO_TARGET else "MISSED"
            ok = ok and ratio <= RATIO_TARGET
        print(f"{name:<36} {median * 1000:7.1f}ms {min(runs) * 1000:7.1f}ms {ratio:5.2f}x  "
              f"{median * PI_ZERO_FACTOR * 1000:13.0f} ms est. {mark}")
    print(f"slowest --help: {worst:.2f}x the bare interpreter (target <= {RATIO_TARGET:g}x) {'ok' if ok else 'MISSED'}")
    frames = first_frame()
    print(f"`clacks-hw run --virtual` start to first frame: median {statistics.median(frames) * 1000:.0f} ms "
          f"(min {min(frames) * 1000:.0f}, max {max(frames) * 1000:.0f}) over {len(frames)} starts")
    record(__file__, rows, {"medians_ms": medians, "runs": RUNS, "frame_ms": statistics.median(frames) * 1000,
                            "frame_min_ms": min(frames) * 1000, "frame_max_ms": max(frames) * 1000,
                            "starts": len(frames)})
    return 0 if ok else 1


def rows(v: dict) -> list[Row]:
    m = v["medians_ms"]
    bare = m["python -c pass"]
    helps = {name: ms for name, ms in m.items() if name.startswith("clacks-hw ") and name != "clacks-hw --help"}
    slowest = max(helps, key=helps.get)
    return [
        Row("start", "help", f"`clacks-hw --help` against a bare `python -c pass` (medians of {v['runs']}, byte-code "
            "cached, taking turns)", f"{m['clacks-hw --help']:.0f} ms against {bare:.0f} ms: "
            f"{m['clacks-hw --help'] / bare:.2f}x (`import click` alone {m[CLICK]:.0f} ms)",
            f"<= {RATIO_TARGET:g}x"),
        Row("start", "subcommands", f"every subcommand's `--help` ({len(helps)}) against a bare `python -c pass`, "
            f"side by side in one run (medians of {v['runs']})",
            f"{min(helps.values()):.0f}-{max(helps.values()):.0f} ms: at most {helps[slowest] / bare:.2f}x "
            f"(`{slowest}`)", f"each <= {RATIO_TARGET:g}x"),
        Row("start", "pi-zero", "the same on a Pi Zero 2 W: an ESTIMATE, not measured (this run's medians times an "
            f"assumed {PI_ZERO_FACTOR:g} for a Cortex-A53 at 1 GHz)",
            f"`clacks-hw --help` about {m['clacks-hw --help'] * PI_ZERO_FACTOR / 1000:.1f} s, the slowest subcommand's "
            f"about {helps[slowest] * PI_ZERO_FACTOR / 1000:.1f} s, bare Python about {bare * PI_ZERO_FACTOR / 1000:.1f} s",
            "estimate"),
        Row("board", "first-frame", f"`clacks-hw run --virtual`: process start to the board's first frame (median of "
            f"{v['starts']})", f"{v['frame_ms']:.0f} ms (min {v['frame_min_ms']:.0f}, max {v['frame_max_ms']:.0f})", ""),
    ]


if __name__ == "__main__":
    sys.exit(main())
