"""Start-up figures for a Pi Zero's sake (measured here, on this machine):

- `clacks-hw --help` against a bare `python -c pass`, side by side in one run, alternating,
  median of RUNS each (target: --help <= 2.5x the bare interpreter). Byte-code caching is on,
  as on an installed board (the environment's PYTHONDONTWRITEBYTECODE is dropped), after one
  warm-up run of each.
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
CLI = [sys.executable, "-m", "clacks_hw.cli"]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(argv) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
    return time.perf_counter() - t0


def help_vs_bare() -> tuple[list[float], list[float], list[float]]:
    bare, click_only, help_ = [], [], []
    commands = ([sys.executable, "-c", "pass"], [sys.executable, "-c", "import click"], [*CLI, "--help"])
    for argv in commands:
        timed(argv)  # warm-up: byte-code written, files in the page cache
    for _ in range(RUNS):
        for argv, out in zip(commands, (bare, click_only, help_)):
            out.append(timed(argv))
    return bare, click_only, help_


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
    bare, click_only, help_ = help_vs_bare()
    b, c, h = (statistics.median(x) * 1000 for x in (bare, click_only, help_))
    ratio = h / b
    ok = ratio <= RATIO_TARGET
    print(f"`python -c pass`: median {b:.1f} ms (min {min(bare) * 1000:.1f}) over {RUNS} runs")
    print(f"`python -c 'import click'`: median {c:.1f} ms (min {min(click_only) * 1000:.1f})")
    print(f"`clacks-hw --help`: median {h:.1f} ms (min {min(help_) * 1000:.1f}) = {ratio:.2f}x the bare "
          f"interpreter (target <= {RATIO_TARGET:g}x) {'ok' if ok else 'MISSED'}")
    frames = first_frame()
    print(f"`clacks-hw run --virtual` start to first frame: median {statistics.median(frames) * 1000:.0f} ms "
          f"(min {min(frames) * 1000:.0f}, max {max(frames) * 1000:.0f}) over {len(frames)} starts")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
