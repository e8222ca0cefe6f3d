"""Win rates as the computer players' benches show them (bench_computer.py,
bench_guards_computer.py, bench_hints.py): a share of games with +- two standard errors."""

from __future__ import annotations

import math

WORDS = {2: "two", 3: "three"}


def share(wins: int, games: int) -> str:
    p = wins / games
    return f"{100 * p:.1f}% +- {200 * math.sqrt(p * (1 - p) / games):.1f}"


def pairs_text(pairs: dict, games: int) -> str:
    """{"a|b": a's wins} over ``games`` 2-player games each."""
    return "; ".join(f"{a} {share(w, games)} against {b}" for ab, w in pairs.items() for a, b in [ab.split("|")])


def tables_text(tables: dict, games: int) -> str:
    """{"3": {"alone": {"a|b": a's wins}, "mix": {strength: wins}}}: one seat of a against the
    rest all b, and a table of one of each."""
    out = []
    for n, t in tables.items():
        alone = [f"{a} alone {share(w, games)} against {WORDS[int(n) - 1]} {b}"
                 for ab, w in t.get("alone", {}).items() for a, b in [ab.split("|")]]
        mix = ", ".join(f"{k} {100 * w / games:.1f}%" for k, w in t.get("mix", {}).items())
        shared = f", {t['shared']} shared" if t.get("shared") else ""
        out.append(f"{n} players (a fair share {100 / int(n):.1f}%): " + "; ".join(
            alone + ([f"one of each: {mix}{shared}"] if mix else [])))
    return ". ".join(out)
