"""`make bench`: run every bench/bench_*.py in turn, printing each one's figures as it goes (each
records its rows in bench/figures.json with its values), then write docs/benchmarks.md again
from them (bench/report.py), so the doc shows this run's figures."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

here = Path(__file__).resolve().parent
scripts = sorted(here.glob("bench_*.py"))
failed = []
start = time.monotonic()
for k, script in enumerate(scripts, 1):
    print(f"== {script.name} ({k} of {len(scripts)}, {time.monotonic() - start:.0f} s so far)", flush=True)
    if subprocess.call([sys.executable, str(script)]) != 0:
        failed.append(script.name)
if subprocess.call([sys.executable, str(here / "report.py")]) != 0:
    failed.append("report.py")
print(f"== docs/benchmarks.md written from bench/figures.json; {len(scripts)} benches in "
      f"{time.monotonic() - start:.0f} s" + (f"; failed: {', '.join(failed)}" if failed else ""), flush=True)
sys.exit(1 if failed else 0)
