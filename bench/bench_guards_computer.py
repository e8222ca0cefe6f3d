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

The order of the turn's one stop (a recruit or the Tavern, or a spell run) is measured the same
way: the strong player now against itself with the recruit first (``recruits_first``).

The players before are ``BEFORE``: the strengths with the errands of errands.py (items, the
Tavern, Wanted volunteers) and easy's spell runs from any route switched off, which plays move
for move as the players did before them. Each change is measured alone against the strong player
before it (2 players, seats swapped, 1,000 games, +- two standard errors), and kept in ``STYLES``
only where it wins significantly more; every table row with a changed player is played both
ways. Games are shared out over the machine's cores (each game's result is its seed's alone).
Each part records its rows (bench/report.py): think as "rows", the changes as "changes", the
tables (2, 3 and 4 together, with the games they were played over) as "rates".

    bench_guards_computer.py [GAMES] [PART ...]     (default 1000 games, every part: think
                                                     changes order 2 3 4, in that order)
"""

from __future__ import annotations

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
from rates import pairs_text, share, tables_text
from report import Row, record, sig

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
ALL_PARTS = ("think", "changes", "order", "2", "3", "4")
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
ORDER = ("the recruit or the Tavern before a spell run", "strong", {"recruits_first": True})
V: dict = {"think": {}, "changes": [], "order": {}, "pairs": {}, "tables": {}}  # what the run measured


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
        V["think"][strength] = {"p50": 1e3 * percentile(times, 0.5), "p99": 1e3 * percentile(times, 0.99),
                                "max": 1e3 * max(times), "random": [1e3 * percentile(simple, 0.5),
                                                                    1e3 * percentile(simple, 0.99)]}
        if percentile(times, 0.99) >= 1.0:
            print("  ^ over the 1 s target")
            slow = True
    return slow


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


def significant(wins: int, games: int) -> bool:
    """More than half the games by more than two standard errors."""
    p = wins / games
    return p - 2 * (p * (1 - p) / games) ** 0.5 > 0.5


def _change(pool, what: str, who: str, mine, theirs, kept) -> dict:
    t0 = time.perf_counter()
    wins = contest(pool, 2, 0, (mine, theirs), swapped)
    print(f"Guards! Guards!, 2 players, {GAMES} games, {who} {what}: wins {wins[0]} ({share(wins[0], GAMES)}), "
          f"the other {wins[1]}, nobody {wins[2]}: {'significantly more' if significant(wins[0], GAMES) else 'not significantly more'}"
          f"{'' if kept is None else ', kept' if kept else ', dropped'} ({time.perf_counter() - t0:.1f} s)", flush=True)
    return {"who": who, "what": what, "wins": wins, "kept": kept}


def changes(pool) -> None:
    for what, who, switch in CHANGES:
        kept = all(getattr(STYLES[who], f) == v for f, v in switch.items())
        V["changes"].append(_change(pool, f"with {what} against {who} before", who, replace(BEFORE[who], **switch),
                                    BEFORE[who], kept))
    for who in sorted(CHANGED):
        if any(replace(BEFORE[k], **switch) == STYLES[who] for _, k, switch in CHANGES if k == who):
            continue  # changed by one entry alone: measured above
        V["changes"].append(_change(pool, f"now against {who} before", who, who, BEFORE[who], None))


def order(pool) -> None:
    """The turn's one stop the other way round: its player thinks long over a growing hand, so
    this part is run apart, over fewer games when time is short."""
    what, who, switch = ORDER
    kept = all(getattr(STYLES[who], f) == v for f, v in switch.items())
    V["order"] = _change(pool, f"with {what} against {who} now", who, replace(STYLES[who], **switch), replace(
        STYLES[who], **{f: not v for f, v in switch.items()}), kept)


def two_players(pool) -> None:
    for a, b in [*combinations(STRENGTHS[::-1], 2), *((k, FIRST_TIMER) for k in STRENGTHS[::-1])]:
        for label, players in eras((a, b)):
            t0 = time.perf_counter()
            wins = contest(pool, 2, 0, players, swapped)
            print(f"{label}Guards! Guards!, 2 players, {GAMES} games, {a} against {b}: {a} wins {wins[0]} "
                  f"({share(wins[0], GAMES)}), {b} {wins[1]}, nobody {wins[2]} "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)
            V["pairs"].setdefault("before" if label else "now", {})[f"{a}|{b}"] = wins[0]


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
            era = V["tables"].setdefault("before" if label else "now", {}).setdefault(str(n), {})
            era.setdefault("alone", {})[f"{a}|{b}"] = wins[0]
    mix = PLAYERS[:n] if n == 4 else ("easy", "normal", "strong")
    for label, players in eras(mix):
        t0 = time.perf_counter()
        wins = contest(pool, n, 40_000, players, lambda i: tuple((k + i) % n for k in range(n)))
        shares = ", ".join(f"{k} {100 * w / GAMES:.1f}%" for k, w in zip(mix, wins))
        print(f"{label}Guards! Guards!, {n} players, {GAMES} games, one of each (seats rotated): {shares}, "
              f"nobody {wins[-1]} ({time.perf_counter() - t0:.1f} s)", flush=True)
        V["tables"].setdefault("before" if label else "now", {}).setdefault(str(n), {})["mix"] = dict(zip(mix, wins))


def rows(v: dict) -> list[Row]:
    think = "; ".join(f"{k} p50 {sig(t['p50'])} ms, p99 {sig(t['p99'])} ms" for k, t in v["think"].items())
    slowest = max((t["max"] for t in v["think"].values() if t.get("max")), default=None)
    think += ((f" (slowest {sig(slowest)} ms)" if slowest else "") + "; the random player on the same positions p50 "
              f"{sig(v['random']['p50'])} ms, p99 {sig(v['random']['p99'])} ms (the range over the strengths' games)")
    return [Row("computer", "guards-think", "Guards! Guards! computer players' think time a move (the seat's view and the "
                f"decision), 4 players, {v['timed_games']} games of each strength, beside the engine's random player "
                "drawing one legal action from the same view on the same positions", think, "p99 < 1 s")]


def rows_changes(v: dict) -> list[Row]:
    games = v["games"]
    said, quote = [], ""
    for c in v["changes"]:
        if c["who"] == "strong" and c["kept"] is None:  # the strong player now, every change kept, against before
            quote = f"{share(c['wins'][0], games)} of {games:,} games"
        verdict = "" if c["kept"] is None else " (kept)" if c["kept"] else " (dropped)"
        said.append(f"{c['who']} {c['what']}: {share(c['wins'][0], games)}{verdict}")
    kept = [c for c in v["changes"] if c["who"] == "strong" and c["kept"]]
    if not quote and len(kept) == 1:  # the strong player now is its one change kept, measured alone (changes())
        quote = f"{share(kept[0]['wins'][0], games)} of {games:,} games"
    return [Row("computer", "guards-changes", "Guards! Guards! computer players, made-up demo edition, rules version "
                f"{v['rules']}: each change to the players alone against the player before it, 2 players, {games:,} games, "
                "seats swapped every other game, "
                "+- two standard errors; a change is kept only where it wins significantly more",
                "; ".join(said), "kept: more than 50% by two standard errors", quote)]


def rows_rates(v: dict) -> list[Row]:
    g = v["games"]
    now, before = (f"2 players: {pairs_text(v['pairs'][e], g)}. {tables_text(v['tables'][e], g)}"
                   for e in ("now", "before"))
    return [Row("computer", "guards-rates", f"Guards! Guards! computer players, made-up demo edition, rules version "
                f"{v['rules']}, {g:,} games each (2 players seats swapped every other game; 3 and 4 players one seat "
                "of strength A against the others all of B, its seat moving round the table; +- two standard errors), "
                "the players now and, on the same games, before the changes (the tables with a changed strength)",
                f"Now: {now}. Before the changes: {before}",
                "measured: strong above normal above the first-time model above easy at every table")]


def rows_order(v: dict) -> list[Row]:
    c = v["change"]
    return [Row("computer", "guards-order", "Guards! Guards! computer players, made-up demo edition, rules version "
                f"{v['rules']}: the turn's one stop (a recruit or the Tavern, or a spell run) with the recruit first "
                f"against the order kept (a run worth starting first), the {c['who']} player, 2 players, {v['games']:,} "
                "games, seats swapped every other game, +- two standard errors",
                f"the recruit first wins {share(c['wins'][0], v['games'])} ({'kept' if c['kept'] else 'dropped'})",
                "kept: more than 50% by two standard errors")]


def _record(part: str) -> None:
    rules = GUARDS.rules_version
    if part == "changes":
        record(__file__, rows_changes, {"changes": V["changes"], "games": GAMES, "rules": rules}, part="changes")
    elif part == "order":
        record(__file__, rows_order, {"change": V["order"], "games": GAMES, "rules": rules}, part="order")
    elif part == "4" and {"2", "3"} <= set(PARTS):  # the tables' row reads all three
        record(__file__, rows_rates, {"pairs": V["pairs"], "tables": V["tables"], "games": GAMES, "rules": rules},
               part="rates")


if __name__ == "__main__":
    failed = "think" in PARTS and think_times()
    if "think" in PARTS:
        spans = {q: [min(t["random"][i] for t in V["think"].values()), max(t["random"][i] for t in V["think"].values())]
                 for i, q in enumerate(("p50", "p99"))}
        record(__file__, rows, {"think": V["think"], "random": spans, "timed_games": TIMED_GAMES})
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        for part in PARTS:
            {"think": lambda p: None, "changes": changes, "order": order, "2": two_players,
             "3": lambda p: tables(p, 3), "4": lambda p: tables(p, 4)}[part](pool)
            _record(part)
    if failed:
        raise SystemExit(1)
