"""Fuzzing a target with atheris (libFuzzer) for a set time, where atheris installs (it ships
wheels for x86-64 Linux; elsewhere it needs clang and libFuzzer to build).

Each run is a child process (atheris_child.py), started again after each new failure for the
time left. libFuzzer starts from the target's seeds, the corpus of failures, examples of the
target's structure-aware strategy and, kept between runs in ``.fuzz/atheris/<target>/``, every
input that reached new code before."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from time import monotonic

from hypothesis import HealthCheck, given, settings

from .harness import ROOT, TIME_BOUND_S, Target, corpus, run_one, signature
from .hypothesis_engine import Found, Stats

WORK = ROOT / ".fuzz" / "atheris"
RSS_MB = 2048  # the child's whole memory: a board and its page server take about 100 MB
EXAMPLES = 60  # inputs of the structure-aware strategy given to libFuzzer to start from
DONE = re.compile(r"Done (\d+) runs")
ARTIFACT = {"timeout-": "Hang (libFuzzer: no answer within the time bound)",
            "oom-": "MemoryError (libFuzzer: over the memory bound)",
            "crash-": "crash (libFuzzer: the process died)"}


def available() -> bool:
    return importlib.util.find_spec("atheris") is not None


def _examples(target: Target) -> list[bytes]:
    out: list[bytes] = []

    @settings(max_examples=EXAMPLES, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(target.strategy)
    def draw(data: bytes) -> None:
        out.append(data)

    draw()
    return out


def _seed_folder(target: Target) -> Path:
    folder = WORK / "seeds" / target.name
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    inputs = target.seeds() + [p.read_bytes() for p in corpus(target.name)] + _examples(target)
    for n, data in enumerate(inputs):
        (folder / f"{n:04d}").write_bytes(data)
    return folder


def fuzz(target: Target, seconds: float, *, known: set[str], stats: Stats | None = None) -> Stats:
    stats = stats or Stats(target.name, "atheris")
    start = monotonic()
    end = start + seconds
    seeds = _seed_folder(target)
    work = WORK / target.name
    work.mkdir(parents=True, exist_ok=True)
    max_len = min(1 << 18, max(4096, 2 * max(p.stat().st_size for p in seeds.iterdir())))
    while (left := end - monotonic()) >= 2:
        with tempfile.TemporaryDirectory() as out:
            out_dir = Path(out)
            (out_dir / "known").write_text("\n".join(sorted(known | set(stats.found))))
            cmd = [sys.executable, "-m", "tests.fuzz.atheris_child", target.name, out, f"-max_total_time={int(left)}",
                   f"-timeout={int(TIME_BOUND_S)}", f"-rss_limit_mb={RSS_MB}", f"-max_len={max_len}",
                   f"-artifact_prefix={out}/", "-print_final_stats=1", str(work), str(seeds)]
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=left + 120)
            done = DONE.findall(proc.stderr)
            tried = out_dir / "tried"
            stats.tried += int(done[-1]) if done else int(tried.read_text()) if tried.exists() else 0
            found = _failure(target, out_dir)
            if found is not None:
                stats.found.setdefault(found.sig, found)
                continue
            if proc.returncode != 0:
                raise RuntimeError(f"atheris on {target.name} stopped ({proc.returncode}):\n{proc.stderr[-3000:]}")
            break
    stats.seconds += monotonic() - start
    return stats


def _failure(target: Target, out: Path) -> Found | None:
    """The failure the child left: its own report, or one of libFuzzer's artifacts, replayed here
    (bounded) for the function it fails in."""
    if (out / "failure.bin").exists():
        sig, _, text = (out / "failure.txt").read_text().partition("\n")
        return Found(sig, (out / "failure.bin").read_bytes(), text)
    for prefix, what in ARTIFACT.items():
        for path in out.glob(f"{prefix}*"):
            data = path.read_bytes()
            with target.open() as check:
                exc = run_one(check, data)
            return Found(signature(exc) if exc is not None else what, data, what)
    return None
