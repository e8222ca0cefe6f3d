"""Long Distance: a per-seat view hides the other players' hands, in the JSON position, the
text board and `clacks-hw replay --view SEAT`."""

import json
import random

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.core.engine import apply
from clacks_hw.journal import JournalWriter, make_header
from clacks_hw.views.position_json import position_json
from clacks_hw.views.text_board import render

from .conftest import ED, race

SEATS = ("S", "W", "N", "E")


def ld_game(actions=10, seed=3):
    s = race(SEATS, seed=seed, variants=("long_distance",))
    rng = random.Random(seed)
    done = []
    for _ in range(actions):
        if s.over:
            break
        a = bot_action(s, rng)
        s = apply(s, a)
        done.append(a)
    return s, done


def others_cards(s, seat):
    return [c for p in s.players if p.seat != seat for c in p.hand]


@pytest.mark.parametrize("seat", SEATS)
def test_position_json_view_hides_other_hands(seat):
    s, _ = ld_game()
    out = position_json(s, view=seat)
    text = json.dumps(out)
    hidden = others_cards(s, seat)
    assert hidden
    for card in hidden:
        assert card not in text, f"{card} of another seat shows in {seat}'s view"
    assert out["players"][seat]["hand"] == list(s.player(seat).hand)
    for p in s.players:
        assert out["players"][p.seat]["hand_count"] == p.hand_count
        if p.seat != seat:
            assert "hand" not in out["players"][p.seat]
    assert out["view"] == seat


def test_the_face_down_log_jacquards_are_hidden_in_a_view():
    s = race(SEATS, variants=("long_distance",))
    out = position_json(s, view="S")
    logs = [r for r in out["reports"] if not r["face_up"]]
    assert len(logs) == 2 and all(r["jacquard"] is None for r in logs)
    faces = [r["jacquard"] for r in out["reports"] if r["face_up"]]
    assert faces == ["J01", "J15"]


@pytest.mark.parametrize("seat", SEATS)
def test_text_board_view_hides_other_hands(seat):
    s, _ = ld_game()
    text = render(s, view=seat)
    for card in others_cards(s, seat):
        assert card not in text
    for card in s.player(seat).hand:
        assert card in text


def test_without_a_view_everything_shows():
    s, _ = ld_game()
    text = json.dumps(position_json(s))
    for p in s.players:
        for c in p.hand:
            assert c in text


@pytest.mark.parametrize("seat", SEATS)
def test_replay_view_from_a_journal(tmp_path, seat):
    s, actions = ld_game(actions=8, seed=5)
    assert not s.over
    path = tmp_path / "ld.jsonl"
    with JournalWriter.create(path, make_header(ED, s.config, created="2025-01-01T00:00:00+00:00")) as w:
        for a in actions:
            w.append(a)
    runner = CliRunner()
    res = runner.invoke(cli, ["replay", str(path), "--json", "--view", seat], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["view"] == seat and out["actions"] == len(actions)
    for card in others_cards(s, seat):
        assert card not in res.stdout
    assert out["players"][seat]["hand"] == list(s.player(seat).hand)
    text = runner.invoke(cli, ["replay", str(path), "--view", seat, "--ascii"], catch_exceptions=False)
    assert text.exit_code == 0
    for card in others_cards(s, seat):
        assert card not in text.stdout
