"""`make bench`: run every bench/bench_*.py in turn and print their reports, then write
docs/benchmarks.md again from the figures they recorded (bench/figures.json, bench/report.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
failed = 0
for script in sorted(here.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    failed += subprocess.call([sys.executable, str(script)]) != 0
failed += subprocess.call([sys.executable, str(here / "report.py")]) != 0
sys.exit(1 if failed else 0)
