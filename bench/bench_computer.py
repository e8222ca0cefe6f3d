"""Computer players: think time per move at each strength, and win rates over 1,000 games for
each pair of strengths and for the strong player against the first-time player model.

Think time is the whole decision as the board makes it (the seat's view, then the player),
timed move by move in 4-player competitive Clacks, the Race to Genua and KLACKERS; beside the
strong player, the brute force (bench_planner.py's yardstick, stopping at its first answer) is
timed on the same positions looking only for the cheapest send. Target (issue 23): p99 under
1 s at every strength. Win rates: 2-player games, seats swapped every other game, each game
dealt from its own seed; a tie (KLACKERS: a shared win) counts for neither. At 3 and 4 players:
one seat of a strength against the rest of another (its seat moving round the table), and a
table of one of each strength.
"""

from __future__ import annotations

import math
import random
import sys
import time
from itertools import combinations, permutations

from clacks_hw.commands.demo_cmd import demo_config
from clacks_hw.game.clacks.brute_force import cheapest_cost
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.computer import FIRST_TIMER, STRENGTHS, choose, move_rng, play_out, to_act
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.table import SEAT_SETS
from clacks_hw.game.klackers.config import klackers_config
from rates import pairs_text, tables_text
from report import Row, record, sig

ED = default_edition()
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000  # bench_computer.py [GAMES] [clacks|klackers]
ONLY = sys.argv[2] if len(sys.argv) > 2 else None
TIMED_GAMES = 60
V: dict = {"think": {}, "pairs": {}, "tables": {}, "team": {}}  # what the run measured


def clacks(mode: str, players: int, seed: int):
    return new_game(ED, demo_config(ED, mode, players, seed, "easy", ()))


def klackers(players: int, seed: int):
    return new_game(None, klackers_config(SEAT_SETS[players], seed=seed))


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def think_times() -> None:
    for label, new in _only((("competitive, 4 players", lambda s: clacks("competitive", 4, s)),
                             ("race to Genua, 4 players", lambda s: clacks("race", 4, s)),
                             ("KLACKERS, 4 players", lambda s: klackers(4, s)))):
        for strength in STRENGTHS:
            times, brute = [], []
            for g in range(TIMED_GAMES):
                state = new(10_000 + g)
                game = state.config.game
                for n in range(20_000):
                    seat = to_act(state)
                    if seat is None:
                        break
                    t0 = time.perf_counter()
                    move = choose(state, seat, strength, move_rng(state, seat, n))
                    times.append(time.perf_counter() - t0)
                    if strength == "strong" and not game.dice and not state.pending:
                        view = game.seat_view(state, seat)
                        t0 = time.perf_counter()
                        cheapest_cost(view)
                        brute.append(time.perf_counter() - t0)
                    state = game.apply(state, move.action)
            line = (f"think time, {label}, {strength}: p50 {1e3 * percentile(times, 0.5):.3f} ms, "
                    f"p99 {1e3 * percentile(times, 0.99):.3f} ms, max {1e3 * max(times):.2f} ms "
                    f"over {len(times)} moves")
            if brute:
                line += (f"; brute force's cheapest send alone on the same positions: p50 "
                         f"{1e3 * percentile(brute, 0.5):.3f} ms, p99 {1e3 * percentile(brute, 0.99):.3f} ms")
            print(line, flush=True)
            V["think"].setdefault(label, {})[strength] = {
                "p50": 1e3 * percentile(times, 0.5), "p99": 1e3 * percentile(times, 0.99), "max": 1e3 * max(times),
                "brute": [1e3 * percentile(brute, 0.5), 1e3 * percentile(brute, 0.99)] if brute else None}
            if percentile(times, 0.99) >= 1.0:
                print("  ^ over the 1 s target")
                global failed
                failed = True


def win_rate(new, a: str, b: str, games: int) -> tuple[int, int, int]:
    wins = {a: 0, b: 0}
    for i in range(games):
        state = new(i)
        s0, s1 = state.config.seats[:2]
        players = {s0: a, s1: b} if i % 2 == 0 else {s0: b, s1: a}
        end = play_out(state, players, seed=i)
        won = end.config.game.winners(end)
        if len(won) == 1:
            wins[players[won[0]]] += 1
    return wins[a], wins[b], games - wins[a] - wins[b]


def win_rates() -> None:
    pairs = [*combinations(STRENGTHS, 2), ("strong", FIRST_TIMER), ("normal", FIRST_TIMER), ("easy", FIRST_TIMER)]
    for label, new in _only((("competitive Clacks", lambda s: clacks("competitive", 2, s)),
                             ("KLACKERS", lambda s: klackers(2, s)))):
        for a, b in pairs:
            t0 = time.perf_counter()
            wa, wb, ties = win_rate(new, a, b, GAMES)
            p = wa / GAMES
            se = math.sqrt(p * (1 - p) / GAMES)
            print(f"{label}, {GAMES} games, {a} against {b}: {a} wins {wa} ({100 * p:.1f}% +- "
                  f"{200 * se:.1f}), {b} {wb}, ties {ties} ({time.perf_counter() - t0:.1f} s)", flush=True)
            V["pairs"].setdefault(label, {})[f"{a}|{b}"] = wa


def table_rates() -> None:
    """3 and 4 players: one seat of strength A against the others all of strength B (A's seat
    moving round the table game by game), and a mixed table of every strength (seats rotated);
    each game dealt from its own seed. A fair share is 1 in 3 (1 in 4)."""
    pairs = [*permutations(STRENGTHS, 2), *((k, FIRST_TIMER) for k in STRENGTHS)]
    cases = (("competitive Clacks", lambda n, s: clacks("competitive", n, s)), ("KLACKERS", klackers))
    for label, new in _only(cases):
        for n in (3, 4):
            for a, b in pairs if label != "KLACKERS" else ():
                t0 = time.perf_counter()
                wins = ties = 0
                for i in range(GAMES):
                    state = new(n, 30_000 + i)
                    seats = state.config.seats
                    players = {s: (a if k == i % n else b) for k, s in enumerate(seats)}
                    won = state.config.game.winners(play_out(state, players, seed=i))
                    wins += len(won) == 1 and players[won[0]] == a
                    ties += len(won) != 1
                p = wins / GAMES
                se = math.sqrt(p * (1 - p) / GAMES)
                print(f"{label}, {n} players, {GAMES} games: one {a} against {n - 1} {b}: {a} wins {wins} "
                      f"({100 * p:.1f}% +- {200 * se:.1f}; a fair share {100 / n:.1f}%), ties {ties} "
                      f"({time.perf_counter() - t0:.1f} s)", flush=True)
                V["tables"].setdefault(label, {}).setdefault(str(n), {}).setdefault("alone", {})[f"{a}|{b}"] = wins
            mix = (*STRENGTHS, FIRST_TIMER)[:n]
            t0 = time.perf_counter()
            wins = {k: 0 for k in mix}
            for i in range(GAMES):
                state = new(n, 40_000 + i)
                seats = state.config.seats
                players = {s: mix[(k + i) % n] for k, s in enumerate(seats)}
                won = state.config.game.winners(play_out(state, players, seed=i))
                if len(won) == 1:
                    wins[players[won[0]]] += 1
            shares = ", ".join(f"{k} {100 * w / GAMES:.1f}%" for k, w in wins.items())
            print(f"{label}, {n} players, {GAMES} games, one of each ({' '.join(mix)}, seats rotated): {shares}, "
                  f"ties {GAMES - sum(wins.values())} ({time.perf_counter() - t0:.1f} s)", flush=True)
            V["tables"].setdefault(label, {}).setdefault(str(n), {}).update(mix=wins,
                                                                            shared=GAMES - sum(wins.values()))


def _only(cases):
    return [c for c in cases if ONLY is None or ("KLACKERS" in c[0]) == (ONLY == "klackers")]


def team_rates() -> None:
    if ONLY == "klackers":
        return
    games = max(1, GAMES // 5)
    for strength in (*STRENGTHS, FIRST_TIMER):
        won = 0
        for i in range(games):
            state = clacks("race", 2, 20_000 + i)
            end = play_out(state, {s: strength for s in state.config.seats}, seed=i)
            won += end.winner == "team"
        print(f"race to Genua, easy route, 2 players all {strength}: the team beats the Post Office in "
              f"{won} of {games} games ({100 * won / games:.1f}%)", flush=True)
        V["team"][strength] = [won, games]


def rows(v: dict) -> list[Row]:
    """Think times; the win rates are parts of their own (rows_pairs, rows_tables, rows_team),
    each recorded as it finishes, since the whole bench takes hours."""
    think = v["think"]
    labels = " / ".join(think)
    first = next(iter(think.values()))

    def each(key, strength):
        return " / ".join(sig(t[strength][key]) for t in think.values())
    slowest = max((s["max"] for t in think.values() for s in t.values() if s.get("max")), default=None)
    brute = [(label, t["strong"]["brute"]) for label, t in think.items() if t.get("strong", {}).get("brute")]
    times = "; ".join(f"{k} p50 {each('p50', k)} ms, p99 {each('p99', k)} ms" for k in first)
    if slowest is not None:
        times += f"; slowest move {sig(slowest)} ms"
    if brute:
        times += ("; beside it, the brute force looking only for the cheapest send on the strong player's positions: "
                  f"p50 {' / '.join(sig(b[0]) for _, b in brute)} ms, p99 {' / '.join(sig(b[1]) for _, b in brute)} ms")
    return [Row("computer", "think", f"computer players' think time a move (the seat's view and the decision), 4 "
                f"players, {v['timed_games']} games each: {labels}", times, "p99 < 1 s")]


def rows_pairs(v: dict) -> list[Row]:
    out = []
    for label, pairs in v["pairs"].items():
        out.append(Row("computer", f"pairs {label}", f"computer players, 2-player {label}, {v['games']:,} games a pair "
                       "(seats swapped every other game; +- two standard errors)", pairs_text(pairs, v["games"]),
                       "strong beats the first-timer more often than not" if "Clacks" in label else "measured"))
    return out


def rows_tables(v: dict) -> list[Row]:
    out = []
    for label, tables in v["tables"].items():
        out.append(Row("computer", f"tables {label}", f"computer players at 3 and 4 players, {label}, {v['games']:,} "
                       "games each (one seat of a strength against the others all of another, its seat moving round "
                       "the table; one of each, seats rotated; +- two standard errors)", tables_text(tables, v["games"]),
                       "measured"))
    return out


def rows_team(v: dict) -> list[Row]:
    games = next(iter(v["team"].values()))[1]
    return [Row("computer", "team", f"Race to Genua, easy route, 2 computer players of one strength, {games} games "
                "each", "the team beats the Post Office: " + ", ".join(
                    f"{k} {100 * won / n:.1f}%" for k, (won, n) in v["team"].items()), "measured")]


failed = False
if __name__ == "__main__":
    random.seed(0)
    keep = ONLY is None  # a run of one game alone would drop the other's rows
    think_times()
    if keep:
        record(__file__, rows, {"think": V["think"], "timed_games": TIMED_GAMES})
    for part, measure, fmt in (("pairs", win_rates, rows_pairs), ("tables", table_rates, rows_tables),
                               ("team", team_rates, rows_team)):
        measure()
        if keep:
            record(__file__, fmt, {part: V[part], "games": GAMES}, part=part)
    if failed:
        raise SystemExit(1)
