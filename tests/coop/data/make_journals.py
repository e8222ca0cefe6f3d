"""Write the journals the replay tests use: whole games played by the automatic players.

Run from the repository root: `python tests/coop/data/make_journals.py`. The journals are
kept in the repository, so a change to the engine that changes how these games go shows up
as a failing test instead of silently rewriting the expected outcome.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.journal import JournalWriter, make_header

HERE = Path(__file__).parent
ED = default_edition()
CREATED = "2025-01-01T00:00:00+00:00"

GAMES = {
    "solitaire_easy_seed7.jsonl": ClacksConfig(("S",), {"team": ("GOLEM", "TROLL")}, seed=7,
                                             mode="solitaire", route="easy"),
    "solitaire_hard_night_seed11.jsonl": ClacksConfig(("S",), {"team": ("VIMES", "SYBIL")}, seed=11,
                                                    mode="solitaire", route="hard",
                                                    variants=frozenset({"night_shift"})),
    # a random legal player: swaps, Night Shift reveals, and a lost race
    "race_random_night_seed5.jsonl": ClacksConfig(("S", "W", "N"), {"team": ("MOIST", "PENNY")}, seed=5,
                                                mode="race", route="hard",
                                                variants=frozenset({"night_shift"})),
    "junior_seed3.jsonl": ClacksConfig(("S", "W"), {"S": ("NOBBY", "COLON"), "W": ("ANGUA", "CUDDY")},
                                     seed=3, mode="junior", route="easy"),
}


def random_legal(state, rng):
    return rng.choice(legal_actions(state))


def play(config: ClacksConfig, seed: int, chooser):
    state = new_game(ED, config)
    rng = random.Random(seed)
    actions = []
    while not state.over and len(actions) < 5000:
        action = chooser(state, rng)
        state = apply(state, action)
        actions.append(action)
    return state, actions


def main() -> None:
    for name, config in GAMES.items():
        path = HERE / name
        if path.exists():
            path.unlink()
        state, actions = play(config, config.seed, random_legal if "random" in name else bot_action)
        with JournalWriter.create(path, make_header(ED, config, created=CREATED)) as w:
            for a in actions:
                w.append(a)
        print(f"{name}: {len(actions)} actions, winner {state.winner}, signals {state.signals_sent}, "
              f"post office {state.post_office}/{state.post_office_goal}, "
              f"sent {[p.sent for p in state.players]}", file=sys.stderr)


if __name__ == "__main__":
    main()
