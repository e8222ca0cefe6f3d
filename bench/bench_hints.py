"""Hints that include the move (issue 31): a player who follows the board's hints
(hint_follower.py) against the easy computer, 2-player competitive Clacks, 1,000 games, seats
swapped every other game, each dealt from its own seed.

Measured: the share of the follower's turns on which a letter could be sent (the planner finds
a way with its hand from where the turn began; a Last Letter Sabotage turn aside) on which it
sent one (the claim: all of them), and its win rate with +- two standard errors. In the same
run, on the same seeds, the computer's strengths against easy, as the yardstick; and what a
hint costs: the hints of every card of the hand at each of the follower's decisions, timed.
"""

from __future__ import annotations

import sys
import time

from clacks_hw.commands.demo_cmd import demo_config
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.hint_follower import hinted_action
from clacks_hw.game.clacks.hints import card_hint
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.core.computer import choose, move_rng, to_act
from clacks_hw.game.core.engine import new_game
from rates import share
from report import Row, record, sig

ED = default_edition()
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000  # bench_hints.py [GAMES]
FOLLOWER = "hints"


def hand_hints(state, seat) -> None:
    for card in state.player(seat).hand:
        j = ED.jacquards.get(card)
        if j is not None:
            card_hint(state, seat, card, j.shape.placements)


def play(seed: int, players: dict[str, str], timed: list | None = None) -> tuple[object, int, int]:
    """One game: (the final state, the follower's turns where a letter could be sent, those
    where it sent one)."""
    state = new_game(ED, demo_config(ED, "competitive", 2, seed, "easy", ()))
    game = state.config.game
    players = dict(zip(state.config.seats, players.values()))
    could = sent = 0
    watching = None  # (the follower, the turn's number, its letters sent when the turn began)
    for n in range(20_000):
        seat = to_act(state)
        if seat is None:
            return state, could, sent
        if players[seat] == FOLLOWER:
            if watching is None and state.sabotage is None and plan(state) is not None:
                watching = (seat, state.turn.number, state.player(seat).sent)
            if timed is not None:
                t0 = time.perf_counter()
                hand_hints(state, seat)
                timed.append(time.perf_counter() - t0)
            action = hinted_action(state, seat)
        else:
            action = choose(state, seat, players[seat], move_rng(state, seat, n + seed)).action
        after = game.apply(state, action)
        if not hasattr(after, "config"):
            raise RuntimeError(f"game {seed}: {seat} played {action}, refused: {after.message}")
        if watching is not None and (after.over or after.turn.number != watching[1]):
            me = watching[0]
            could += 1
            sent += after.player(me).sent > watching[2] or after.winner == me
            watching = None
        state = after
    raise RuntimeError(f"game {seed} did not end")


def rate(a: str, b: str, timed=None) -> tuple[int, int, int, int]:
    """``a`` against ``b`` over GAMES games: (a's wins, b's wins, turns it could send, sent)."""
    wins = {a: 0, b: 0}
    could = sent = 0
    for i in range(GAMES):
        players = {"first": a, "second": b} if i % 2 == 0 else {"first": b, "second": a}
        end, c, s = play(i, players, timed)
        could, sent = could + c, sent + s
        if end.winner in end.config.seats:
            wins[dict(zip(end.config.seats, players.values()))[end.winner]] += 1
    return wins[a], wins[b], could, sent


def percent(wins: int) -> str:
    return share(wins, GAMES)


def main() -> int:
    timed: list[float] = []
    t0 = time.perf_counter()
    wa, wb, could, sent = rate(FOLLOWER, "easy", timed)
    print(f"hint follower against easy, {GAMES} games: follower wins {wa} ({percent(wa)}), easy {wb}; "
          f"a letter could be sent on {could} of its turns, it sent one on {sent} "
          f"({100 * sent / max(could, 1):.1f}%) ({time.perf_counter() - t0:.1f} s)", flush=True)
    timed.sort()
    v = {"games": GAMES, "follower": wa, "could": could, "sent": sent, "decisions": len(timed),
         "hint_ms": [1e3 * timed[len(timed) // 2], 1e3 * timed[int(0.99 * len(timed))], 1e3 * timed[-1]], "yardstick": {}}
    print(f"the hints of every jacquard in the hand (up to 3) at each of its {len(timed)} decisions: "
          f"p50 {1e3 * timed[len(timed) // 2]:.2f} ms, p99 {1e3 * timed[int(0.99 * len(timed))]:.2f} ms, "
          f"max {1e3 * timed[-1]:.2f} ms", flush=True)
    for strength in ("normal", "strong"):  # the yardstick, same seeds, same run
        t0 = time.perf_counter()
        wa, wb, _c, _s = rate(strength, "easy")
        print(f"{strength} against easy, {GAMES} games: {strength} wins {wa} ({percent(wa)}), easy {wb} "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
        v["yardstick"][strength] = wa
    record(__file__, rows, v)
    return 0 if sent == could else 1


def rows(v: dict) -> list[Row]:
    games = v["games"]
    p50, p99, slowest = v["hint_ms"]
    yard = ", ".join(f"{k} {share(w, games)}" for k, w in v["yardstick"].items())
    return [Row("computer", "hints", "a player who follows the hints (`--hints`: the card's best use, the move included) "
                f"against the easy computer, 2-player competitive Clacks, {games:,} games (seats swapped every other "
                "game, each dealt from its own seed; +- two standard errors)",
                f"sent a letter on {v['sent']:,} of its {v['could']:,} turns where its hand could send one "
                f"({100 * v['sent'] / max(v['could'], 1):.1f}%; the planner finds a way from where the turn began, a "
                f"Last Letter Sabotage turn aside); wins {share(v['follower'], games)} ({v['follower']:,} of {games:,}). "
                f"Same run, same seeds, against easy: {yard}. The hints of every jacquard in the hand at each of its "
                f"{v['decisions']:,} decisions: p50 {sig(p50)} ms, p99 {sig(p99)} ms, slowest {sig(slowest)} ms",
                "a letter on every turn one can be sent (also a test on seeded games)",
                f"{share(v['follower'], games)} of {games:,} games")]


if __name__ == "__main__":
    sys.exit(main())
