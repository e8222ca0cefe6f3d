"""Guards! Guards!'s computer players: think time per move at each strength, and win rates over
1,000 games for pairs of strengths at 2, 3 and 4 players, side by side in one run.

Think time is the whole decision as the board makes it (the seat's view, then the player),
timed move by move in 4-player games of one strength; beside it, on the same positions, the
simplest player there is: the engine's random player (legal.py) drawing one legal action from
the same view. Target: p99 under 1 s at every strength. Win rates: 2 players, seats swapped
every other game; 3 and 4 players, one seat of strength A against the others all of strength
B, A's seat moving round the table game by game; and a table of one of each. Each game is dealt
from its own seed on the made-up demo edition; a game the dragons win counts for nobody.

    bench_guards_computer.py [GAMES]     (default 1000)
"""

from __future__ import annotations

import sys
import time
from itertools import combinations

from clacks_hw.game.core.computer import FIRST_TIMER, STRENGTHS, choose, move_rng, play_out, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.legal import random_action
from rates import pairs_text, share, tables_text
from report import Row, record, sig

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
TIMED_GAMES = 60
SEATINGS = {len(s): s for s in GUARDS.seatings()}
PLAYERS = (*STRENGTHS, FIRST_TIMER)
V: dict = {"think": {}, "pairs": {}, "tables": {}}  # what the run measured


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


def two_players() -> None:
    for a, b in [*combinations(STRENGTHS, 2), *((k, FIRST_TIMER) for k in STRENGTHS)]:
        t0 = time.perf_counter()
        wins = {a: 0, b: 0}
        for i in range(GAMES):
            state = guards(2, i)
            s0, s1 = state.config.seats
            players = {s0: a, s1: b} if i % 2 == 0 else {s0: b, s1: a}
            won = play_out(state, players, seed=i).winners
            if len(won) == 1:
                wins[players[won[0]]] += 1
        print(f"Guards! Guards!, 2 players, {GAMES} games, {a} against {b}: {a} wins {wins[a]} "
              f"({share(wins[a], GAMES)}), {b} {wins[b]}, nobody {GAMES - wins[a] - wins[b]} "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
        V["pairs"][f"{a}|{b}"] = wins[a]


def tables() -> None:
    pairs = (("strong", FIRST_TIMER), ("strong", "normal"), ("normal", "strong"), ("normal", "easy"),
             ("normal", FIRST_TIMER), ("easy", "normal"))
    for n in (3, 4):
        for a, b in pairs:
            t0 = time.perf_counter()
            wins = nobody = 0
            for i in range(GAMES):
                state = guards(n, 30_000 + i)
                players = {s: (a if k == i % n else b) for k, s in enumerate(state.config.seats)}
                won = play_out(state, players, seed=i).winners
                wins += len(won) == 1 and players[won[0]] == a
                nobody += not won
            print(f"Guards! Guards!, {n} players, {GAMES} games: one {a} against {n - 1} {b}: {a} wins {wins} "
                  f"({share(wins, GAMES)}; a fair share {100 / n:.1f}%), nobody {nobody} "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)
            V["tables"].setdefault(str(n), {}).setdefault("alone", {})[f"{a}|{b}"] = wins
        mix = PLAYERS[:n] if n == 4 else ("easy", "normal", "strong")
        t0 = time.perf_counter()
        wins = {k: 0 for k in mix}
        for i in range(GAMES):
            state = guards(n, 40_000 + i)
            players = {s: mix[(k + i) % n] for k, s in enumerate(state.config.seats)}
            won = play_out(state, players, seed=i).winners
            if len(won) == 1:
                wins[players[won[0]]] += 1
        shares = ", ".join(f"{k} {100 * w / GAMES:.1f}%" for k, w in wins.items())
        print(f"Guards! Guards!, {n} players, {GAMES} games, one of each (seats rotated): {shares}, "
              f"nobody {GAMES - sum(wins.values())} ({time.perf_counter() - t0:.1f} s)", flush=True)
        V["tables"].setdefault(str(n), {})["mix"] = wins


def rows(v: dict) -> list[Row]:
    think = "; ".join(f"{k} p50 {sig(t['p50'])} ms, p99 {sig(t['p99'])} ms" for k, t in v["think"].items())
    slowest = max((t["max"] for t in v["think"].values() if t.get("max")), default=None)
    think += ((f" (slowest {sig(slowest)} ms)" if slowest else "") + "; the random player on the same positions p50 "
              f"{sig(v['random']['p50'])} ms, p99 {sig(v['random']['p99'])} ms (the range over the strengths' games)")
    return [Row("computer", "guards-think", "Guards! Guards! computer players' think time a move (the seat's view and the "
                f"decision), 4 players, {v['timed_games']} games of each strength, beside the engine's random player "
                "drawing one legal action from the same view on the same positions", think, "p99 < 1 s")]


def rows_rates(v: dict) -> list[Row]:
    return [Row("computer", "guards-rates", f"Guards! Guards! computer players, made-up demo edition, {v['games']:,} games "
                "each (2 players seats swapped every other game; 3 and 4 players one seat of strength A against the "
                "others all of B, its seat moving round the table; +- two standard errors)",
                f"2 players: {pairs_text(v['pairs'], v['games'])}. {tables_text(v['tables'], v['games'])}",
                "measured: strong above normal above the first-time model above easy at every table")]


if __name__ == "__main__":
    failed = think_times()
    spans = {q: [min(t["random"][i] for t in V["think"].values()), max(t["random"][i] for t in V["think"].values())]
             for i, q in enumerate(("p50", "p99"))}
    record(__file__, rows, {"think": V["think"], "random": spans, "timed_games": TIMED_GAMES})
    two_players()
    tables()
    record(__file__, rows_rates, {"pairs": V["pairs"], "tables": V["tables"], "games": GAMES}, part="rates")
    if failed:
        raise SystemExit(1)
