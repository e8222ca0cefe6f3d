"""Whole games kept as journals (tests/coop/data, written by make_journals.py from automatic
players with fixed seeds) replayed with `clacks-hw replay --json`: known outcomes."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.journal import read_journal

DATA = Path(__file__).parent / "data"

# file -> what the replay must end in
OUTCOMES = {
    "solitaire_easy_seed7.jsonl": {"mode": "solitaire", "route": "easy", "winner": "team",
                                   "signals_sent": 12, "post_office": 21, "post_office_goal": 38,
                                   "actions": 14},
    "solitaire_hard_night_seed11.jsonl": {"mode": "solitaire", "route": "hard", "winner": "team",
                                          "signals_sent": 12, "post_office": 23, "post_office_goal": 34,
                                          "actions": 16},
    "race_random_night_seed5.jsonl": {"mode": "race", "route": "hard", "winner": "post_office",
                                      "signals_sent": 2, "post_office": 34, "post_office_goal": 34,
                                      "actions": 26},
}


def replay_json(path, *extra):
    res = CliRunner().invoke(cli, ["replay", str(path), "--json", *extra], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_team_games_replay_to_their_known_outcome(name):
    out = replay_json(DATA / name)
    for key, want in OUTCOMES[name].items():
        assert out[key] == want, f"{name}: {key} is {out[key]!r}, expected {want!r}"
    assert out["turn"] is None
    assert out["message"][5] == "SPACE" and out["message"][-1] == "END"


def test_the_full_junior_race_replays_to_its_winner():
    out = replay_json(DATA / "junior_seed3.jsonl")
    assert out["mode"] == "junior_race" and out["winner"] == "W" and out["actions"] == 25
    assert out["players"]["W"]["tower"] == 12 and out["players"]["S"]["tower"] == 11
    assert out["players"]["W"]["sent"] == 12 and out["players"]["W"]["next"] is None
    assert out["players"]["S"]["next"] == "END"
    assert {out["players"]["S"]["route"], out["players"]["W"]["route"]} == {"easy", "hard"}


@pytest.mark.parametrize("name", sorted(OUTCOMES) + ["junior_seed3.jsonl"])
def test_journal_headers_carry_mode_and_route(name):
    header = read_journal(DATA / name).header
    assert header["mode"] in ("race", "solitaire", "junior")
    assert header["route"] in ("easy", "hard")


def test_swaps_are_journalled_with_their_source_card():
    journal = read_journal(DATA / "race_random_night_seed5.jsonl")
    swaps = [e.action for e in journal.entries if e.action.act == "swap"]
    assert swaps and all(a.source and a.source[0] in "IL" for a in swaps)
    assert all(a.card and a.card.startswith("J") for a in swaps)


def test_solitaire_every_turn_is_the_one_player():
    journal = read_journal(DATA / "solitaire_easy_seed7.jsonl")
    assert {e.action.seat for e in journal.entries} == {"S"}
