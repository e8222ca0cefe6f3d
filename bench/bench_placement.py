"""Placing a card in a press or two (issue 31): presses (the board's buttons) and clicks (the
play page) taking a shown jacquard to each of its places, before and after, on the same
positions.

Positions: every jacquard the strong computer plays in 2-player competitive Clacks between two
strong computers, GAMES games each dealt from its own seed, hints on (a family's game), and
again with hints off (the scored game's default: the board's order, the pawn's tower). For
each, the fewest presses reaching every place of the card (breadth first: reach.py), and the
place the strong computer chose. Before: the old walk, rebuilt here from shapes.py's placements
as it was (every place in preview.ordered's order, NEXT/PREV through all of them, TURN jumping
to the next orientation's first place; the page had only those buttons). After: the tower's
places first (placing.py), TURN turning the card where it lies, tower buttons, and on the page
the lamps. With hints off, also the walk as it was before the tower's places came the most of its
lamps changed first (the pawn's tower in the board's order, rebuilt here as ``BoardOrder``).
Target: the strong computer's place within 2 presses, every place within 5. Beside
it, what the board computes when a card is tapped: the tower's walk (placing.tower_walk) against
the old order (preview.ordered), the two timed alternately on the same positions.
"""

from __future__ import annotations

import sys
import time
from collections import deque

from clacks_hw.commands.demo_cmd import demo_config
from clacks_hw.game.clacks.board import TOWERS, lamps_of
from clacks_hw.game.clacks.board_play import placing, preview
from clacks_hw.game.clacks.board_play.reach import Walk
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.hints import card_hint
from clacks_hw.game.core.computer import choose, move_rng, to_act
from clacks_hw.game.core.engine import new_game
from report import Row, fig, record

ED = default_edition()
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 12  # bench_placement.py [GAMES]


def positions(games: int):
    """(state, seat, card, the strong computer's place) for every jacquard it plays."""
    for seed in range(games):
        state = new_game(ED, demo_config(ED, "competitive", 2, seed, "strong", ()))
        game = state.config.game
        for n in range(5_000):
            seat = to_act(state)
            if seat is None:
                break
            action = choose(state, seat, "strong", move_rng(state, seat, n + seed)).action
            if action.act == "play" and action.lamps is not None and action.card in ED.jacquards:
                yield state, seat, action.card, action.lamps
            state = game.apply(state, action)


def before(state, seat: str, card: str, best, hints: bool = True) -> dict[int, int]:
    """{place: fewest presses} with the old walk (NEXT, PREV, TURN to the next orientation's first)."""
    options = preview.ordered(state, seat, ED.jacquards[card].shape.placements, card, hints, best)
    seen: list[int] = []
    for m in options:
        if placing.orientation(m) not in seen:
            seen.append(placing.orientation(m))
    first = {o: next(k for k, m in enumerate(options) if placing.orientation(m) == o) for o in seen}
    found, queue = {0: 0}, deque([0])
    while queue:
        k = queue.popleft()
        o = placing.orientation(options[k])
        for j in ((k + 1) % len(options), (k - 1) % len(options), first[seen[(seen.index(o) + 1) % len(seen)]]):
            if j not in found:
                found[j] = found[k] + 1
                queue.append(j)
    return {options[k]: d for k, d in found.items()}


class BoardOrder(Walk):
    """The hints-off walk before: the tower's places in the board's order only."""

    def of(self, tower: int) -> tuple[int, ...]:
        lamps = TOWERS[tower].mask
        return tuple(sorted({m for m in self.placements if m & lamps}, key=lamps_of))


def after(state, seat: str, card: str, best, page: bool, hints: bool = True, walk=Walk) -> dict[int, int]:
    walk = walk(state, seat, card, hints, best if hints else None)
    tower = placing.walked(state, seat, best if hints else None)
    return walk.presses(tower, page=page, most=12)


def spread(xs: list[int]) -> str:
    xs = sorted(xs)
    return f"median {xs[len(xs) // 2]}, p95 {xs[int(0.95 * (len(xs) - 1))]}, max {xs[-1]}"


def main() -> int:
    every = {k: [] for k in ("before", "presses", "clicks", "before, hints off", "board order, hints off",
                             "presses, hints off", "clicks, hints off")}
    chosen = {k: [] for k in every}
    timed = {"walk": [], "order": []}
    count = 0
    for state, seat, card, lamps in positions(GAMES):
        count += 1
        placements = ED.jacquards[card].shape.placements
        best = card_hint(state, seat, card, placements)
        t0 = time.perf_counter()
        placing.tower_walk(state, seat, card, placements, placing.walked(state, seat, best), True, best)
        t1 = time.perf_counter()
        preview.ordered(state, seat, placements, card, True, best)
        timed["walk"].append(t1 - t0)
        timed["order"].append(time.perf_counter() - t1)
        for name, found in (("before", before(state, seat, card, best)),
                            ("presses", after(state, seat, card, best, False)),
                            ("clicks", after(state, seat, card, best, True)),
                            ("before, hints off", before(state, seat, card, None, False)),
                            ("board order, hints off", after(state, seat, card, best, False, False, BoardOrder)),
                            ("presses, hints off", after(state, seat, card, best, False, False)),
                            ("clicks, hints off", after(state, seat, card, best, True, False))):
            every[name] += [found.get(m, 99) for m in set(placements)]
            chosen[name].append(found.get(lamps, 99))
    print(f"{count} jacquards the strong computer played in {GAMES} games, every place of each "
          f"({len(every['before'])} places):")
    for name, label in (("before", "before (board and page alike)"), ("presses", "after, board presses"),
                        ("clicks", "after, page clicks"), ("before, hints off", "hints off, before"),
                        ("board order, hints off", "hints off, the pawn's tower in the board's order (before this change)"),
                        ("presses, hints off", "hints off, after, board presses (the pawn's tower, most of its lamps changed first)"),
                        ("clicks, hints off", "hints off, after, page clicks")):
        within = sum(d <= 2 for d in chosen[name])
        print(f"  {label}: every place {spread(every[name])}; the strong computer's place "
              f"{spread(chosen[name])}, within 2 for {within} of {count} ({100 * within / count:.0f}%)")
    walk, order = sorted(timed["walk"]), sorted(timed["order"])
    print(f"  a card tapped: the tower's walk p50 {1e3 * walk[len(walk) // 2]:.2f} ms, max {1e3 * walk[-1]:.2f} ms; "
          f"the old order p50 {1e3 * order[len(order) // 2]:.2f} ms, max {1e3 * order[-1]:.2f} ms", flush=True)
    record(__file__, rows, figures(every, chosen, timed, count))
    ok = max(every["presses"]) <= 5 and max(every["presses, hints off"]) <= 5 and all(d <= 2 for d in chosen["presses"])
    return 0 if ok else 1


def figures(every: dict, chosen: dict, timed: dict, count: int) -> dict:
    """The run's figures as bench/figures.json keeps them: each spread, and the share within 2."""
    def spread_of(xs):
        xs = sorted(xs)
        return [xs[len(xs) // 2], xs[int(0.95 * (len(xs) - 1))], xs[-1]]
    return {"games": GAMES, "cards": count, "places": len(every["before"]),
            "every": {k: spread_of(xs) for k, xs in every.items()}, "chosen": {k: spread_of(xs) for k, xs in chosen.items()},
            "within2": {k: sum(d <= 2 for d in xs) for k, xs in chosen.items()},
            "tap_ms": {k: [1e3 * sorted(xs)[len(xs) // 2], 1e3 * max(xs)] for k, xs in timed.items()}}


def rows(v: dict) -> list[Row]:
    def s(k):
        return "median {}, p95 {}, max {}".format(*v["every"][k])

    def c(k):
        w = v["within2"].get(k)
        return f"max {v['chosen'][k][2]}" + (f" ({w} of {v['cards']} within 2, {100 * w / v['cards']:.0f}%)" if w else "")
    walk, order = v["tap_ms"]["walk"], v["tap_ms"]["order"]
    return [Row("board", "placing", "placing a card: the fewest presses (board buttons) and clicks (the play page) taking "
                f"a shown jacquard to each of its places, breadth first, on the {v['cards']} jacquards the strong "
                f"computer played in {v['games']} seeded 2-player competitive games between strong computers "
                f"({v['places']:,} places), hints on; before: the old walk rebuilt in the bench (every place in the "
                "preview's order, TURN jumping to the next orientation's first place; the page had only the buttons), "
                "same run", f"every place: before {s('before')} presses; after {s('presses')} presses, {s('clicks')} "
                f"clicks. The strong computer's place: before {c('before')}, after {c('presses')} presses and "
                f"{c('clicks')} clicks. With hints off (the board's order), same positions: every place before "
                f"{s('before, hints off')}; the pawn's tower in the board's order {s('board order, hints off')}; after "
                f"(the pawn's tower, the places over the most of its lamps first) {s('presses, hints off')} presses, "
                f"{s('clicks, hints off')} clicks; the strong computer's place before {c('before, hints off')}, in the "
                f"board's order {c('board order, hints off')}, after {c('presses, hints off')} presses and "
                f"{c('clicks, hints off')} clicks. What a tap computes: the "
                f"tower's walk p50 {fig(walk[0], '.2f')} ms, max {fig(walk[1])} ms, against the old order's "
                f"{fig(order[0], '.2f')} / {fig(order[1], '.2f')} ms",
                "the strong computer's place within 2 presses, every place within 5 (also tests on seeded games)")]


if __name__ == "__main__":
    sys.exit(main())
