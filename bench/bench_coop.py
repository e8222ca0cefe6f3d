"""Team-game benchmark: Race to Genua games per second, and how often the automatic players
beat the Post Office on each route (the default edition's difficulty, measured).

Target (issue 3): >= 100 random legal race games per second.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.table import SEAT_SETS
from report import Row, record

EDITION = default_edition()
GAMES = 200


def race(seed: int, players: int, route: str, variants=frozenset(), mode="race"):
    seats = ("S",) if mode == "solitaire" else SEAT_SETS[players]
    words = {"team": deal_words(EDITION, ("team",), 2, seed)["team"]}
    state = new_game(EDITION, ClacksConfig(seats=seats, words=words, seed=seed, mode=mode, route=route,
                                         variants=variants))
    rng = random.Random(seed)
    while not state.over:
        state = apply(state, bot_action(state, rng))
    return state


def measure(label, **kw):
    wins, margins = Counter(), []
    t0 = time.perf_counter()
    for seed in range(GAMES):
        s = race(seed, **kw)
        wins[s.winner] += 1
        if s.winner == "team":
            margins.append(s.post_office_goal - s.post_office)
    rate = GAMES / (time.perf_counter() - t0)
    share = 100 * wins["team"] / GAMES
    spare = sum(margins) / len(margins) if margins else 0
    print(f"{label:<34} {rate:6.0f} games/s   team wins {share:5.1f}%   "
          f"Post Office steps to spare when the team wins: {spare:.1f}")
    return {"label": label, "games_per_s": rate, "team_wins": share, "spare": spare}


def rows(v: dict) -> list[Row]:
    runs = v["runs"]
    rates = [r["games_per_s"] for r in runs]
    out = [Row("engine", "rate", f"Race to Genua and Solitaire games (bots, 1-4 players, {v['games']} games each)",
               f"{min(rates):.0f}-{max(rates):.0f} games/s", ">= 100")]
    for route in ("easy", "hard"):
        these = [r for r in runs if f"{route} route" in r["label"] or f", {route}," in r["label"]]
        out.append(Row("engine", f"post-office-{route}", f"bots beat the Post Office, {route} route",
                       "; ".join(f"{r['label'].replace(f', {route} route', '')} {r['team_wins']:.1f}% "
                                 f"({r['spare']:.1f} steps to spare)" for r in these), "measured"))
    return out


if __name__ == "__main__":
    runs = []
    for route in ("easy", "hard"):
        for players in (2, 3, 4):
            runs.append(measure(f"race, {players} players, {route} route", players=players, route=route))
        runs.append(measure(f"race, 3 players, {route}, night shift", players=3, route=route,
                            variants=frozenset({"night_shift"})))
        runs.append(measure(f"solitaire, {route} route", players=1, route=route, mode="solitaire"))
    record(__file__, rows, {"games": GAMES, "runs": runs})
