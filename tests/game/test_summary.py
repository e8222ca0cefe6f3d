"""What every page says of a game comes from its game object: its label and its variants'
labels, the lamps as the board lights them, and a glance at the table (whose turn and what they
do, how far the game is, who won and how). KLACKERS has no turn numbers: its card said "turn
undefined" on the hall page when the page made up its own words."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.core.registry import game_for, modes
from clacks_hw.game.klackers import layout
from tests.fakes.hall_boards import played


@pytest.mark.parametrize("mode", modes())
def test_every_game_has_a_label_and_labels_every_variant(mode):
    game = game_for(mode)
    assert game.label and game.traits()["label"] == game.label
    labels = game.variant_names(game.variants)
    assert len(labels) == len(game.variants) and all(labels) and not set(labels) & set(game.variants)


def test_variant_labels_come_in_the_games_own_order():
    assert game_for("competitive").variant_names({"quick", "express"}) == ["Express", "Quick"]
    assert game_for("klackers").variant_names(["klack_worth_two", "hughie"]) == ["Hughie rule", "Klack is worth two"]


@pytest.mark.parametrize("mode,players", [("competitive", 3), ("race", 2), ("solitaire", 1), ("junior_race", 2),
                                          ("klackers", 3)])
def test_a_game_under_way_says_whose_turn_and_how_far(mode, players):
    state, done = played(mode, players, 6, {})
    s = state.config.game.summary(state)
    assert s.seat in state.config.seats and s.doing.startswith("to ") and s.progress
    assert s.winners == () and s.result == ""
    assert "undefined" not in s.progress and "None" not in s.progress


def test_klackers_says_roll_or_pull_and_the_round():
    state, _ = played("klackers", 2, 0, {})
    game = state.config.game
    assert game.summary(state).doing == "to roll for first"
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        if state.over:
            break
        s = game.summary(state)
        seen.add(s.doing)
        assert s.progress.startswith(f"round {state.round}, worth {state.worth}")
        state = game.apply(state, game.bot_action(state, rng))
    assert {"to roll", "to pull numbers"} <= seen


@pytest.mark.parametrize("mode,players,won", [("competitive", 2, "with "), ("race", 3, "reached Genua first"),
                                              ("klackers", 2, "chips")])
def test_a_game_over_says_who_won_and_how(mode, players, won):
    state, _ = played(mode, players, 10_000, {})
    assert state.over
    s = state.config.game.summary(state)
    assert s.seat is None and won in s.result
    if mode == "competitive":
        assert s.winners == (state.winner,) and s.result == f"with {' '.join(state.config.words[state.winner])}"
    if mode == "race":
        assert s.winners == ()  # the team or the Post Office: nobody at the table by name
    if mode == "klackers":
        assert s.winners == tuple(state.winners)


def test_the_lamps_are_what_the_board_lights():
    state, _ = played("competitive", 2, 5, {})
    assert state.config.game.lamps(state) == state.board
    state, _ = played("klackers", 3, 7, {})
    lit = {lamp for lamp in range(16) if state.config.game.lamps(state) >> lamp & 1}
    assert lit == set(layout.marks(state)["lamps"]) and lit
