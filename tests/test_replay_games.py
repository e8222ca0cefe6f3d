"""A replayed journal reproduces the live engine state exactly, for random legal games.

Also the home of the small helpers the other journal/replay tests share (random games,
writing a journal, running the CLI), since those tests may only live in test_* files.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.table import SEAT_SETS
from clacks_hw.journal import JournalWriter, load_game, make_header, read_journal

EDITION = default_edition()


def config(players=2, seed=1, hands="tracked", variants=()) -> ClacksConfig:
    seats = SEAT_SETS[players]
    per_seat = 2 if "long_message" in variants else 1
    return ClacksConfig(seats, deal_words(EDITION, seats, per_seat, seed), seed=seed, hands=hands,
                      variants=frozenset(variants))


def random_game(cfg: ClacksConfig, rng: random.Random, n: int):
    """Up to ``n`` random legal actions from the start; returns (final state, actions).

    Mostly random, but an action that sends a signal is taken when one is on offer, so games
    reach transmissions, Last Letter Sabotage and a winner rather than shuffling lamps forever.
    """
    state = new_game(EDITION, cfg)
    actions = []
    while len(actions) < n and not state.over:
        legal = legal_actions(state)
        sent = sum(p.sent for p in state.players)
        results = [(a, apply(state, a)) for a in legal]
        sending = [(a, r) for a, r in results if sum(p.sent for p in r.players) != sent or r.over]
        turn = [(a, r) for a, r in results if a.act != "fault"]  # faults would swamp physical games
        pool = sending if sending and rng.random() < 0.9 else turn if rng.random() < 0.8 else results
        action, state = rng.choice(pool)
        actions.append(action)
    return state, actions


def write_journal(path, cfg: ClacksConfig, actions) -> None:
    with JournalWriter.create(path, make_header(EDITION, cfg, created="2025-01-01T00:00:00+00:00")) as w:
        for a in actions:
            w.append(a)


def write_lines(path, objs) -> None:
    """A hand-written script: plain JSON lines, no checksums."""
    path.write_text("".join(json.dumps(o) + "\n" for o in objs))


def header_obj(cfg: ClacksConfig) -> dict:
    return make_header(EDITION, cfg, created="2025-01-01T00:00:00+00:00")


def run_replay(*args):
    """Run `clacks-hw replay ARGS` in-process; returns the click Result (stdout, stderr split)."""
    return CliRunner().invoke(cli, ["replay", *map(str, args)], catch_exceptions=False)


CASES = [
    {"players": 2, "seed": 1},
    {"players": 3, "seed": 2},
    {"players": 4, "seed": 3},
    {"players": 2, "seed": 4, "hands": "physical"},
    {"players": 3, "seed": 5, "variants": ("long_message",)},
    {"players": 4, "seed": 6, "variants": ("express", "quick")},
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_replayed_journal_equals_live_state(tmp_path, case):
    for game in range(3):
        rng = random.Random(f"{case}/{game}")
        cfg = config(**case)
        live, actions = random_game(cfg, rng, 150)
        path = tmp_path / f"game{game}.jsonl"
        write_journal(path, cfg, actions)
        state, n, warnings = load_game(path, EDITION)
        assert (n, warnings) == (len(actions), [])
        assert state == live
        assert state.board == live.board and state.turn == live.turn  # the fields that matter most


def test_every_prefix_of_a_journal_replays_to_the_live_state_at_that_point(tmp_path):
    cfg = config(players=3, seed=9)
    rng = random.Random(9)
    state = new_game(EDITION, cfg)
    path = tmp_path / "g.jsonl"
    with JournalWriter.create(path, header_obj(cfg)) as w:
        for _ in range(40):
            action = rng.choice(legal_actions(state))
            w.append(action)  # written before the state is shown, as the daemon does
            state = apply(state, action)
            resumed, n, _ = load_game(path, EDITION)
            assert resumed == state
    assert n == 40


def test_the_cli_json_matches_the_live_state(tmp_path):
    cfg = config(players=4, seed=11)
    live, actions = random_game(cfg, random.Random(11), 60)
    path = tmp_path / "g.jsonl"
    write_journal(path, cfg, actions)
    result = run_replay(path, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["board"] == "".join(str(live.board >> i & 1) for i in range(16))
    assert out["actions"] == len(actions) == len(read_journal(path).entries)
    assert {s: p["sent"] for s, p in out["players"].items()} == {p.seat: p.sent for p in live.players}


def test_a_finished_game_replays_to_its_winner(tmp_path):
    cfg = config(players=2, seed=1)
    live, actions = random_game(cfg, random.Random(1), 800)
    assert live.over  # this seed plays a whole game (146 actions)
    path = tmp_path / "g.jsonl"
    write_journal(path, cfg, actions)
    state, _, _ = load_game(path, EDITION)
    assert state == live
    out = json.loads(run_replay(path, "--json").stdout)
    assert out["winner"] == live.winner and out["turn"] is None
    assert out["players"][live.winner]["sent"] == len(live.player(live.winner).signals)
