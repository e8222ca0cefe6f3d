"""The fixed positions of the legal-action table (test_perft.py): games from a seed, played
some actions on by the automatic players. Kept apart so the table can be regenerated:
``python -m tests.game.perft_positions > tests/game/data/perft.txt``."""

from __future__ import annotations

import random
from collections import Counter

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game

ED = default_edition()
GAMES = {  # name: (mode, seats, variants, hands, words per key, team words?)
    "competitive2": ("competitive", ("S", "N"), (), "tracked", 1, False),
    "competitive3": ("competitive", ("S", "W", "N"), (), "tracked", 1, False),
    "competitive4_express": ("competitive", ("S", "W", "N", "E"), ("express",), "tracked", 1, False),
    "competitive2_physical": ("competitive", ("S", "N"), (), "physical", 1, False),
    "race2": ("race", ("S", "N"), (), "tracked", 2, True),
    "race4_night": ("race", ("S", "W", "N", "E"), ("night_shift",), "tracked", 2, True),
    "race3_physical_night": ("race", ("S", "W", "N"), ("night_shift",), "physical", 2, True),
    "solitaire_night": ("solitaire", ("S",), ("night_shift",), "tracked", 2, True),
    "junior": ("junior_race", ("S", "W"), (), "tracked", 2, False),
    "junior_physical": ("junior_race", ("N", "E"), (), "physical", 2, False),
}
SEEDS = (1, 2)
DEPTHS = (0, 5, 12)


def positions():
    for name, (mode, seats, variants, hands, n, team) in GAMES.items():
        for seed in SEEDS:
            words = deal_words(ED, ["team"] if team else seats, n, seed)
            state = new_game(ED, ClacksConfig(seats, words, seed=seed, hands=hands, mode=mode,
                                            variants=frozenset(variants)))
            rng, done = random.Random(seed), 0
            for depth in DEPTHS:
                while done < depth and not state.over:
                    state = apply(state, bot_action(state, rng))
                    done += 1
                yield f"{name} seed={seed} depth={depth}", state


def breakdown(state) -> Counter:
    """Legal actions by act and seat, e.g. {"play S": 40, "fault N": 12}."""
    return Counter(f"{a.act} {a.seat}" for a in legal_actions(state))


def line(key: str, counts: Counter) -> str:
    parts = " ".join(f"{k.replace(' ', ':')}={v}" for k, v in sorted(counts.items()))
    return f"{key} | {sum(counts.values())} | {parts}"


if __name__ == "__main__":
    for key, state in positions():
        print(line(key, breakdown(state)))
