"""Properties of random legal KLACKERS games (hypothesis picks the seeds and the choices)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.klackers.actions import parse_action
from clacks_hw.game.klackers.config import klackers_config
from clacks_hw.game.klackers.legal import legal_actions
from clacks_hw.game.klackers.numbers import ALL_UP, TOTAL
from clacks_hw.game.klackers.rules import apply
from clacks_hw.game.klackers.state import HUGHIE_NO_POINT, new_game

VARIANTS = st.frozensets(st.sampled_from(["hughie", "klack_to_win", "klack_worth_two"]))
GAMES = dict(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), variants=VARIANTS,
             dice=st.sampled_from(["tracked", "physical"]))
SEATS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def random_game(seed, players, variants, dice, rounds=2):
    """(actions, states): a random legal game, every state along the way."""
    state = new_game(klackers_config(seats=SEATS[players], seed=seed, hands=dice, variants=variants, rounds=rounds))
    rng, states, actions = random.Random(seed), [state], []
    while not state.over and len(actions) < 3000:
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return actions, states


def recorded(state):
    """Every score of the game so far, in the order the turns ended."""
    return [x for r in state.results for x in r.scores] + list(state.scores)


@settings(max_examples=40, deadline=None)
@given(**GAMES)
def test_a_score_always_equals_the_numbers_left_up(seed, players, variants, dice):
    actions, states = random_game(seed, players, variants, dice)
    pulled, turns = 0, 0
    for action, before, after in zip(actions, states, states[1:]):
        if action.act == "pull":
            pulled |= action.numbers
        if len(recorded(after)) > len(recorded(before)):  # the turn ended
            assert recorded(after)[-1] == (action.seat, TOTAL[ALL_UP & ~pulled])
            pulled, turns = 0, turns + 1
    assert turns >= players
@settings(max_examples=40, deadline=None)
@given(**GAMES)
def test_a_rounds_winner_has_the_lowest_score_and_the_chips_add_up(seed, players, variants, dice):
    _, states = random_game(seed, players, variants, dice)
    final = states[-1]
    for r in final.results:
        scores = dict(r.scores)
        if r.winner is not None:
            others = [v for k, v in scores.items() if k != r.winner]
            assert all(scores[r.winner] < v for v in others)
            if "hughie" in variants:
                assert scores[r.winner] < HUGHIE_NO_POINT
            if "klack_to_win" in variants:
                assert scores[r.winner] == 0
        else:
            assert r.reason in ("tie", "two_klacks", "no_point", "no_klack")
    assert sum(final.chips) == 0
    if final.over:
        assert set(final.winners) == {s for s, c in zip(final.config.seats, final.chips) if c == max(final.chips)}


@settings(max_examples=30, deadline=None)
@given(**GAMES)
def test_replaying_the_actions_json_gives_the_live_game(seed, players, variants, dice):
    actions, states = random_game(seed, players, variants, dice)
    state = new_game(states[0].config)
    for action in actions:
        state = apply(state, parse_action(action.to_json()))
    assert state == states[-1]
