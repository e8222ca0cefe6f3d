"""Fuzzing a target with Hypothesis for a set time: its structure-aware strategy drawn again and
again, each failure shrunk by Hypothesis to a small input of its own signature."""

from __future__ import annotations

from dataclasses import dataclass, field
from time import monotonic

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable

from .harness import Check, Target, describe, run_one, signature


@dataclass
class Found:
    sig: str
    data: bytes
    text: str  # the exception, for the report


@dataclass
class Stats:
    target: str
    engine: str
    tried: int = 0
    seconds: float = 0.0
    found: dict[str, Found] = field(default_factory=dict)  # new failures, by signature
    repeats: int = 0  # inputs failing with a signature found before


class _Stop(Exception):
    """Raised inside a Hypothesis run to have it shrink the failure of one signature."""


def fuzz(target: Target, check: Check, seconds: float, *, known: frozenset[str] = frozenset(),
         database=None, stats: Stats | None = None, at_least: int = 0) -> Stats:
    """Draw inputs for ``seconds``; ``known``: signatures not to report again (they are in the
    corpus already). ``database``: Hypothesis's example database (None: none). ``at_least``:
    inputs to try however long they take (a loaded machine may need more than ``seconds`` to draw
    the first few, and a pass that tried none proved nothing)."""

    stats = stats or Stats(target.name, "hypothesis")
    start = monotonic()
    end = start + seconds
    chunk = 20
    rounds = 0
    while monotonic() < end or (stats.tried < at_least and rounds < at_least + 3):
        rounds += 1
        hunting: dict = {}  # the signature this chunk shrinks, and its smallest input so far
        others: list[tuple[str, bytes, str]] = []
        began, tried = monotonic(), stats.tried

        @settings(max_examples=chunk, deadline=None, database=database, derandomize=False, print_blob=False,
                  report_multiple_bugs=False, suppress_health_check=list(HealthCheck),
                  phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink))
        @given(target.strategy)
        def one(data: bytes) -> None:
            shrinking = "sig" in hunting
            if monotonic() > end and stats.tried >= at_least and not shrinking:
                return
            if not shrinking:
                stats.tried += 1
            exc = run_one(check, data)
            if exc is None:
                return
            sig = signature(exc)
            if sig in known or sig in stats.found:
                stats.repeats += not shrinking
                return
            if hunting.setdefault("sig", sig) != sig:
                others.append((sig, data, describe(exc)))
                return
            hunting["data"], hunting["text"] = data, describe(exc)
            raise _Stop(sig)

        try:
            one()
        except _Stop:
            stats.found[hunting["sig"]] = Found(hunting["sig"], hunting["data"], hunting["text"])
        except Unsatisfiable:
            pass
        for sig, data, text in others:  # seen while shrinking another: kept as found
            stats.found.setdefault(sig, Found(sig, data, text))
        elapsed = monotonic() - began
        rate = (stats.tried - tried) / elapsed if elapsed > 0 else 0
        chunk = max(20, min(5000, int(rate * (end - monotonic()) * 0.5)))
    stats.seconds += monotonic() - start
    return stats
