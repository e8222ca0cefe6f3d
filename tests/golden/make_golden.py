"""Write the golden journals: one whole game (or a long stretch of one) for every mode and its
variants, played by the automatic players, with what `clacks-hw replay --json` printed for
each at the time (the final position, and a checksum of every position on the way from
`--json --step`).

Run from the repository root: `python tests/golden/make_golden.py`. The journals and their
outcomes are kept in the repository and never rewritten by the tests: test_golden_journals.py
replays them, so any change to the engine (or to Python's seeded shuffle, which they depend
on) that would make a game already on someone's board replay differently fails a test
instead of passing unnoticed. Rewrite them only together with a rules version bump.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.klackers.bots import bot_action as klackers_bot
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.journal import JournalWriter, make_header

HERE = Path(__file__).parent
ED = default_edition()
CREATED = "2025-01-01T00:00:00+00:00"
MAX_ACTIONS = 3000


def clacks(mode, seats, seed, hands="tracked", variants=(), route="easy", per_seat=1, team=False, **extra):
    words = deal_words(ED, ("team",) if team else seats, per_seat, seed)
    return ClacksConfig(tuple(seats), words, seed=seed, hands=hands, mode=mode, variants=frozenset(variants),
                      route=route, **extra)


# file stem -> the game's set-up (every mode; every variant at least once; both kinds of hands)
GAMES = {
    "competitive_2p_seed1": clacks("competitive", ("S", "N"), 1),
    "competitive_3p_dwarf_express_seed2": clacks("competitive", ("S", "W", "N"), 2, variants=("express",),
                                                 express_seconds=45.0),
    "competitive_4p_long_message_seed3": clacks("competitive", ("S", "W", "N", "E"), 3,
                                                variants=("long_message",), per_seat=2),
    "competitive_4p_quick_seed4": clacks("competitive", ("S", "W", "N", "E"), 4, variants=("quick",)),
    "competitive_2p_physical_seed5": clacks("competitive", ("S", "N"), 5, hands="physical"),
    "race_2p_night_shift_hard_seed6": clacks("race", ("S", "N"), 6, variants=("night_shift",), route="hard",
                                            per_seat=2, team=True),
    "race_3p_long_distance_seed7": clacks("race", ("S", "W", "N"), 7, variants=("long_distance",),
                                         per_seat=2, team=True, first="W"),
    "race_4p_physical_seed8": clacks("race", ("S", "W", "N", "E"), 8, hands="physical", per_seat=2, team=True),
    "solitaire_night_shift_seed9": clacks("solitaire", ("S",), 9, variants=("night_shift",), per_seat=2,
                                          team=True),
    "solitaire_physical_hard_seed10": clacks("solitaire", ("E",), 10, hands="physical", route="hard",
                                             per_seat=2, team=True),
    "junior_seed11": clacks("junior", ("S", "W"), 11, per_seat=2),
    "junior_physical_hard_seed12": clacks("junior", ("N", "E"), 12, hands="physical", route="hard", per_seat=2),
    "klackers_2p_seed13": klackers_config(("S", "N"), seed=13),
    "klackers_3p_hughie_klack_worth_two_seed14": klackers_config(("S", "W", "N"), seed=14,
                                                                 variants=("hughie", "klack_worth_two")),
    "klackers_4p_physical_klack_to_win_seed15": klackers_config(("S", "W", "N", "E"), seed=15, hands="physical",
                                                                variants=("klack_to_win",), rounds=2),
    "guards_2p_seed16": GuardsConfig(seats=("S", "N"), seed=16),
    "guards_3p_physical_target3_seed17": GuardsConfig(seats=("S", "W", "N"), seed=17, hands="physical", target=3),
}


def choose(state, rng):
    """The automatic player's choice; a random legal action now and then, so the journals
    also hold moves a careful player would not make."""
    if state.config.mode == "klackers":
        return klackers_bot(state, rng)
    if state.config.mode == "guards":
        return GUARDS.bot_action(state, rng)
    if rng.random() < 0.15:
        legal = legal_actions(state)
        if legal:
            return rng.choice(legal)
    return bot_action(state, rng)


def play(config):
    state = new_game(ED, config)
    rng = random.Random(config.seed)
    actions = []
    while not state.over and len(actions) < MAX_ACTIONS:
        action = choose(state, rng)
        after = apply(state, action)
        if isinstance(after, Rejection):
            raise SystemExit(f"{config.mode}: the automatic player chose a refused action {action}: {after.message}")
        state = after
        actions.append(action)
    return state, actions


def main(only=()) -> None:
    """Write every golden journal, or only the stems named (a game newly added: the others,
    already on record, stay as they are)."""
    outcomes = json.loads((HERE / "outcomes.json").read_text()) if only else {}
    for stem, config in GAMES.items():
        if only and stem not in only:
            continue
        path = HERE / f"{stem}.jsonl"
        path.unlink(missing_ok=True)
        state, actions = play(config)
        with JournalWriter.create(path, make_header(ED, config, created=CREATED)) as w:
            for a in actions:
                w.append(a)
        res = CliRunner().invoke(cli, ["replay", str(path), "--json"], catch_exceptions=False)
        if res.exit_code != 0:
            raise SystemExit(f"{path.name}: replay exited {res.exit_code}: {res.output}")
        steps = CliRunner().invoke(cli, ["replay", str(path), "--json", "--step"], catch_exceptions=False)
        outcomes[path.name] = {"final": json.loads(res.stdout),
                               "steps_sha256": hashlib.sha256(steps.stdout.encode()).hexdigest(),
                               "steps": steps.stdout.count("\n")}
        print(f"{path.name}: {len(actions)} actions, winner {state.winner}", file=sys.stderr)
    (HERE / "outcomes.json").write_text(json.dumps(outcomes, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
