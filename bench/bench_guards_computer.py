"""Guards! Guards!'s computer players: think time per move at each strength, each change to
the players against the player before it, and win rates over 1,000 games for pairs of strengths
at 2, 3 and 4 players, now and before the changes, side by side in one run.

Think time is the whole decision as the board makes it (the seat's view, then the player),
timed move by move in 4-player games of one strength; beside it, on the same positions, the
simplest player there is: the engine's random player (legal.py) drawing one legal action from
the same view. Target: p99 under 1 s at every strength. Win rates: 2 players, seats swapped
every other game; 3 and 4 players, one seat of strength A against the others all of strength
B, A's seat moving round the table game by game; and a table of one of each. Each game is dealt
from its own seed on the made-up demo edition; a game the dragons win counts for nobody.

The players before are ``BEFORE``: the strengths with the errands of errands.py (items, the
Tavern, Wanted volunteers) and easy's spell runs from any route switched off, which plays move
for move as the players did before them. Each change is measured alone against the strong player
before it (2 players, seats swapped, 1,000 games, +- two standard errors), and kept in ``STYLES``
only where it wins significantly more; every table row with a changed player is played both
ways. Games are shared out over the machine's cores (each game's result is its seed's alone).

    bench_guards_computer.py [GAMES] [PART ...]     (default 1000 games, every part: think
                                                     changes 2 3 4, in that order)
"""

from __future__ import annotations

import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from itertools import combinations

from clacks_hw.game.core.computer import FIRST_TIMER, STRENGTHS, choose, move_rng, play_out, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.guards.computer import STYLES
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.legal import random_action

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
ALL_PARTS = ("think", "changes", "2", "3", "4")
PARTS = sys.argv[2:] or list(ALL_PARTS)
if not set(PARTS) <= set(ALL_PARTS):
    print(f"usage: bench_guards_computer.py [GAMES] [PART ...]: a part is one of {', '.join(ALL_PARTS)}, "
          f"not {' '.join(sorted(set(PARTS) - set(ALL_PARTS)))}", file=sys.stderr)
    sys.exit(2)
TIMED_GAMES = 60
SEATINGS = {len(s): s for s in GUARDS.seatings()}
PLAYERS = (*STRENGTHS, FIRST_TIMER)
CHANGES = (  # (what, the strength, its Style switch): each measured alone against BEFORE[strength]
    ("items bought for the run", "strong", {"buys": True}),
    ("the Tavern", "strong", {"tavern": True}),
    ("Wanted volunteers turned in", "strong", {"turns_in": True}),
    ("spell runs on any route with any runners", "easy", {"any_run": True}),
    ("items bought for the run and the Tavern", "normal", {"buys": True, "tavern": True}),
)
BEFORE = {k: replace(STYLES[k], **{f: False for _, who, switch in CHANGES if who == k for f in switch})
          for k in STRENGTHS}
CHANGED = frozenset(k for k in STRENGTHS if BEFORE[k] != STYLES[k])


def guards(players: int, seed: int):
    return new_game(None, GuardsConfig(seats=SEATINGS[players], seed=seed))


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def ms(x: float) -> str:
    return f"{1e3 * x:.3f} ms"


def think_times() -> bool:
    slow = False
    for strength in PLAYERS:
        times, simple = [], []
        for g in range(TIMED_GAMES):
            state = guards(4, 10_000 + g)
            for n in range(20_000):
                seat = to_act(state)
                if seat is None:
                    break
                rng = move_rng(state, seat, n)
                t0 = time.perf_counter()
                move = choose(state, seat, strength, rng)
                times.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                random_action(GUARDS.seat_view(state, seat), move_rng(state, seat, n), seat=seat)
                simple.append(time.perf_counter() - t0)
                state = GUARDS.apply(state, move.action)
        print(f"think time, Guards! Guards!, 4 players, {strength}: p50 {ms(percentile(times, 0.5))}, p99 "
              f"{ms(percentile(times, 0.99))}, max {ms(max(times))} over {len(times)} moves; the random player "
              f"on the same positions: p50 {ms(percentile(simple, 0.5))}, p99 {ms(percentile(simple, 0.99))}",
              flush=True)
        if percentile(times, 0.99) >= 1.0:
            print("  ^ over the 1 s target")
            slow = True
    return slow


def share(wins: int, games: int) -> str:
    p = wins / games
    return f"{100 * p:.1f}% +- {200 * math.sqrt(p * (1 - p) / games):.1f}"


def _winner(job):
    """The role index of the game's one winner (-1: nobody, or the dragons)."""
    n, seed, i, players, roles = job
    state = guards(n, seed)
    won = play_out(state, dict(zip(state.config.seats, players)), seed=i).winners
    return roles[state.config.seats.index(won[0])] if len(won) == 1 else -1


def contest(pool, n: int, base: int, players, order) -> list[int]:
    """Wins of each of ``players`` (by index) over GAMES games of ``n`` seats, dealt from seeds
    ``base`` + i, ``order(i)`` the player index at each seat; the last count: nobody."""
    jobs = []
    for i in range(GAMES):
        roles = order(i)
        jobs.append((n, base + i, i, tuple(players[r] for r in roles), roles))
    counts = [0] * (len(players) + 1)
    for r in pool.map(_winner, jobs, chunksize=20):
        counts[r] += 1
    return counts


def then(names) -> tuple:
    """``names`` as the players were before the changes."""
    return tuple(BEFORE.get(k, k) for k in names)


def eras(names):
    """(label, players) for now and, when a changed strength sits at the table, before."""
    yield "", tuple(names)
    if CHANGED & set(names):
        yield "  before the changes: ", then(names)


def swapped(i: int) -> tuple[int, int]:
    return (0, 1) if i % 2 == 0 else (1, 0)


def changes(pool) -> None:
    for what, who, switch in CHANGES:
        t0 = time.perf_counter()
        wins = contest(pool, 2, 0, (replace(BEFORE[who], **switch), BEFORE[who]), swapped)
        kept = all(getattr(STYLES[who], f) == v for f, v in switch.items())
        print(f"Guards! Guards!, 2 players, {GAMES} games, {who} with {what} against {who} before: with it wins "
              f"{wins[0]} ({share(wins[0], GAMES)}), before {wins[1]}, nobody {wins[2]}: "
              f"{'kept' if kept else 'dropped'} ({time.perf_counter() - t0:.1f} s)", flush=True)
    for who in sorted(CHANGED):
        if any(replace(BEFORE[k], **switch) == STYLES[who] for _, k, switch in CHANGES if k == who):
            continue  # changed by one entry alone: measured above
        t0 = time.perf_counter()
        wins = contest(pool, 2, 0, (who, BEFORE[who]), swapped)
        print(f"Guards! Guards!, 2 players, {GAMES} games, {who} now against {who} before: now wins {wins[0]} "
              f"({share(wins[0], GAMES)}), before {wins[1]}, nobody {wins[2]} ({time.perf_counter() - t0:.1f} s)",
              flush=True)


def two_players(pool) -> None:
    for a, b in [*combinations(STRENGTHS, 2), *((k, FIRST_TIMER) for k in STRENGTHS)]:
        for label, players in eras((a, b)):
            t0 = time.perf_counter()
            wins = contest(pool, 2, 0, players, swapped)
            print(f"{label}Guards! Guards!, 2 players, {GAMES} games, {a} against {b}: {a} wins {wins[0]} "
                  f"({share(wins[0], GAMES)}), {b} {wins[1]}, nobody {wins[2]} "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)


def tables(pool, n: int) -> None:
    pairs = (("strong", FIRST_TIMER), ("strong", "normal"), ("normal", "strong"), ("normal", "easy"),
             ("normal", FIRST_TIMER), ("easy", "normal"))
    for a, b in pairs:
        for label, players in eras((a, b)):
            t0 = time.perf_counter()
            wins = contest(pool, n, 30_000, players, lambda i: tuple(0 if k == i % n else 1 for k in range(n)))
            print(f"{label}Guards! Guards!, {n} players, {GAMES} games: one {a} against {n - 1} {b}: {a} wins "
                  f"{wins[0]} ({share(wins[0], GAMES)}; a fair share {100 / n:.1f}%), nobody {wins[2]} "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)
    mix = PLAYERS[:n] if n == 4 else ("easy", "normal", "strong")
    for label, players in eras(mix):
        t0 = time.perf_counter()
        wins = contest(pool, n, 40_000, players, lambda i: tuple((k + i) % n for k in range(n)))
        shares = ", ".join(f"{k} {100 * w / GAMES:.1f}%" for k, w in zip(mix, wins))
        print(f"{label}Guards! Guards!, {n} players, {GAMES} games, one of each (seats rotated): {shares}, "
              f"nobody {wins[-1]} ({time.perf_counter() - t0:.1f} s)", flush=True)


if __name__ == "__main__":
    failed = "think" in PARTS and think_times()
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for part in PARTS:
            {"think": lambda p: None, "changes": changes, "2": two_players,
             "3": lambda p: tables(p, 3), "4": lambda p: tables(p, 4)}[part](pool)
    if failed:
        raise SystemExit(1)
