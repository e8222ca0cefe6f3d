"""`make fuzz`: every target for a share of FUZZ_SECONDS, then a table of what was tried.

    python -m tests.fuzz.run [--seconds N] [--engine auto|hypothesis|atheris] [TARGET ...]

Each target first replays its seeds and its corpus (every input that ever failed), then is
fuzzed: by Hypothesis with its structure-aware strategy, and, where atheris is installed, for
the other half of its time by libFuzzer's coverage-guided mutation. Each new failure is shrunk
and added to ``tests/fuzz/corpus/<target>/`` (commit it with the fix: the test suite replays
it on every run). Exit status 1 when anything failed. The figures are also written to
``.fuzz/last-run.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import warnings
from datetime import datetime, timezone
from time import monotonic

from hypothesis.database import DirectoryBasedExampleDatabase

from . import atheris_engine
from .harness import ROOT, corpus, keep, minimise, run_one, signature, watching_logs
from .hypothesis_engine import Stats, fuzz
from .targets import NAMES, target

DEFAULT_SECONDS = 600.0
MINIMISE_S = 20.0  # shrinking one failure further, after Hypothesis or libFuzzer found it


def replay(name: str, check) -> list[str]:
    """Every seed and corpus input of a target run again: what still fails, by signature."""
    t = target(name)
    failing = []
    for data in t.seeds() + [p.read_bytes() for p in corpus(name)]:
        exc = run_one(check, data)
        if exc is not None:
            failing.append(signature(exc))
    return failing


def run_target(name: str, seconds: float, engine: str) -> dict:
    t = target(name)
    known = set()
    with t.open() as check:
        failing = replay(name, check)
        replayed = len(t.seeds()) + len(corpus(name))
        share = seconds / 2 if engine == "both" else seconds
        runs: list[Stats] = []
        if engine in ("both", "hypothesis"):
            database = DirectoryBasedExampleDatabase(str(ROOT / ".fuzz" / "hypothesis"))
            runs.append(fuzz(t, check, share, known=frozenset(known), database=database))
    if engine in ("both", "atheris"):
        known |= {sig for r in runs for sig in r.found}
        runs.append(atheris_engine.fuzz(t, share if engine == "both" else seconds, known=known))
    added = []
    found = {sig: f for r in runs for sig, f in r.found.items()}
    if found:
        with t.open() as check:
            for sig, f in found.items():
                small = minimise(check, f.data, sig, MINIMISE_S)
                path = keep(name, small, sig, "+".join(r.engine for r in runs if sig in r.found))
                added.append(str(path.relative_to(ROOT)) if path else None)
                print(f"\n{name}: {sig}\n  kept as {path}\n{f.text}", file=sys.stderr)
    return {"target": name, "entry": t.entry, "engines": [r.engine for r in runs],
            "tried": {r.engine: r.tried for r in runs}, "seconds": round(sum(r.seconds for r in runs), 1),
            "replayed": replayed, "replay_failing": failing, "failures": len(found) + len(failing),
            "signatures": sorted(found), "new_corpus": [a for a in added if a]}


def table(rows: list[dict]) -> str:
    lines = ["| target | engines | inputs tried | inputs/s | seeds + corpus replayed | failures | new corpus entries |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        tried = sum(r["tried"].values())
        each = " + ".join(f"{n:,} {e}" for e, n in r["tried"].items())
        rate = tried / r["seconds"] if r["seconds"] else 0
        lines.append(f"| {r['target']} | {', '.join(r['engines'])} | {tried:,} ({each}) | {rate:,.0f} | "
                     f"{r['replayed']} | {r['failures']} | {len(r['new_corpus'])} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET", help=f"some of: {', '.join(NAMES)} (default: all)")
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("FUZZ_SECONDS", DEFAULT_SECONDS)),
                        help="the whole run's time, shared evenly by the targets (FUZZ_SECONDS; default 600)")
    parser.add_argument("--engine", choices=["auto", "hypothesis", "atheris"], default="auto",
                        help="auto: Hypothesis, and atheris for half of each target's time where it is installed")
    args = parser.parse_args(argv)
    names = args.targets or list(NAMES)
    unknown = sorted(set(names) - set(NAMES))
    if unknown:
        parser.error(f"no target {', '.join(unknown)}; the targets: {', '.join(NAMES)}")
    engine = args.engine
    if engine == "auto":
        engine = "both" if atheris_engine.available() else "hypothesis"
    elif engine == "atheris" and not atheris_engine.available():
        print("atheris is not installed here (pip install atheris; wheels exist for x86-64 Linux)", file=sys.stderr)
        return 2
    warnings.filterwarnings("ignore", module="hypothesis")
    each = args.seconds / len(names)
    print(f"fuzzing {len(names)} target(s) for {args.seconds:g} s ({each:.0f} s each), engine: {engine}", flush=True)
    rows, began = [], monotonic()
    with watching_logs():
        for name in names:
            rows.append(run_target(name, each, engine))
            r = rows[-1]
            print(f"  {name}: {sum(r['tried'].values()):,} inputs, {r['failures']} failure(s)", flush=True)
    print()
    print(table(rows))
    report = {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "seconds": args.seconds,
              "wall_seconds": round(monotonic() - began), "engine": engine, "machine": platform.machine(),
              "cpus": os.cpu_count(), "load": os.getloadavg()[0], "targets": rows}
    out = ROOT / ".fuzz" / "last-run.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1))
    return 1 if any(r["failures"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
