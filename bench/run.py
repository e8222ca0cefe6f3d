"""`make bench`: run every bench/bench_*.py in turn (or the ones named), printing each one's
figures as it goes (each records its rows in bench/figures.json with its values), then write
docs/benchmarks.md again from them (bench/report.py), so the doc shows this run's figures.

    python bench/run.py                      # every bench
    python bench/run.py engine leds.py       # bench_engine.py and bench_leds.py only
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

here = Path(__file__).resolve().parent
every = sorted(here.glob("bench_*.py"))
names = {p.name: p for p in every}
asked = [a if a.startswith("bench_") else f"bench_{a}" for a in sys.argv[1:]]
asked = [a if a.endswith(".py") else f"{a}.py" for a in asked]
unknown = [a for a in asked if a not in names]
if unknown:
    print(f"bench/run.py: no {', '.join(unknown)} in bench/; the benches are "
          f"{', '.join(p.stem.removeprefix('bench_') for p in every)}", file=sys.stderr)
    sys.exit(2)
scripts = [names[a] for a in asked] or every
failed = []
start = time.monotonic()
for k, script in enumerate(scripts, 1):
    print(f"== {script.name} ({k} of {len(scripts)}, {time.monotonic() - start:.0f} s so far)", flush=True)
    if subprocess.call([sys.executable, str(script)]) != 0:
        failed.append(script.name)
if subprocess.call([sys.executable, str(here / "report.py")]) != 0:
    failed.append("report.py")
print(f"== docs/benchmarks.md written from bench/figures.json; {len(scripts)} bench(es) in "
      f"{time.monotonic() - start:.0f} s" + (f"; failed: {', '.join(failed)}" if failed else ""), flush=True)
sys.exit(1 if failed else 0)
