"""The planner is exact (it agrees with the brute force) and its plans really send."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import COLOUR, TOWERS, TOWERS_OF
from clacks_hw.game.clacks.brute_force import cheapest_cost
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.clacks.planner import plan, plan_blackout
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.values import replace

E = default_edition()
CARDS = sorted(E.jacquards)


def position(seed: int, board: int, hand, on_tower: bool, tower_pick: int, seats=("S", "N")):
    state = new_game(E, ClacksConfig(seats=seats, words=deal_words(E, seats, 1, seed), seed=seed))
    seat = state.turn.seat
    state = replace(state, board=board).with_player(replace(state.current, hand=tuple(hand)))
    if on_tower:
        own = TOWERS_OF[COLOUR[seat]]
        tower = own[tower_pick % len(own)].index
        state = state.with_player(replace(state.current, tower=tower))
        state = replace(state, turn=replace(state.turn, start_tower=tower))
    return state


def send(state, p):
    for action in p.actions(state):
        state = apply(state, action)
        assert not isinstance(state, Rejection), (action, state)
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), board=st.integers(0, 0xFFFF),
       hand=st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True),
       on_tower=st.booleans(), tower_pick=st.integers(0, 5))
def test_planner_cost_equals_brute_force_and_the_plan_sends(seed, board, hand, on_tower, tower_pick):
    state = position(seed, board, hand, on_tower, tower_pick)
    seat = state.turn.seat
    p = plan(state)
    expected = cheapest_cost(state)
    assert (None if p is None else p.cost) == expected, f"board {board:016b} hand {hand}: plan {p}"
    if p is not None:
        after = send(state, p)
        assert after.player(seat).sent == 1
        assert after.turn.seat != seat  # sending ends the turn
        assert p.cost <= state.turn.budget


def test_planner_mid_turn_uses_the_remaining_budget_and_no_move():
    rng = random.Random(7)
    checked = 0
    for seed in range(200):
        state = position(seed, rng.getrandbits(16), rng.sample(CARDS, 3), True, rng.randrange(6))
        seat = state.turn.seat
        first = state.current.hand[0]
        mask = E.jacquards[first].shape.placements[rng.randrange(len(E.jacquards[first].shape.placements))]
        after = apply(state, Action(seat, "play", card=first, lamps=mask))
        if isinstance(after, Rejection) or after.turn.seat != seat:
            continue
        p = plan(after)
        assert (None if p is None else p.cost) == cheapest_cost(after)
        if p is not None:
            assert p.tower == after.current.tower  # no moving after a jacquard
            assert after.turn.spent + p.card_cost <= after.turn.budget
            assert send(after, p).player(seat).sent == 1
        checked += 1
    assert checked > 50


def test_planner_respects_the_previous_tower_rule():
    # Find a position whose best plan uses the pawn's own tower, then forbid that tower.
    rng = random.Random(3)
    for seed in range(300):
        state = position(seed, rng.getrandbits(16), rng.sample(CARDS, 3), True, rng.randrange(6))
        p = plan(state)
        if p is None or p.tower != state.current.tower:
            continue
        blocked = state.with_player(replace(state.current, last_tx=p.tower))
        q = plan(blocked)
        assert q is None or q.tower != p.tower
        assert (None if q is None else q.cost) == cheapest_cost(blocked)
        return
    pytest.fail("no position found where the plan stays on its tower")


def test_no_plan_when_nothing_is_affordable():
    state = position(1, 0x0F0F, ["J01"], True, 0)  # a domino costs 3
    state = replace(state, turn=replace(state.turn, budget_delta=-3))  # budget 2
    assert plan(state) is None
    assert cheapest_cost(state) is None


def test_plan_blackout_turns_a_tower_off():
    rng = random.Random(11)
    found = 0
    for seed in range(100):
        state = position(seed, rng.getrandbits(16), rng.sample(CARDS, 3), False, 0)
        tower = rng.randrange(12)
        p = plan_blackout(state, tower)
        if p is None:
            continue
        board = state.board
        for m in p.masks:
            board ^= m
        assert board & TOWERS[tower].mask == 0
        assert p.card_cost <= state.turn.left
        found += 1
    assert found > 10


def test_the_exhaustive_brute_force_agrees_with_the_pruned_one():
    rng = random.Random(21)
    for seed in range(25):
        state = position(seed, rng.getrandbits(16), rng.sample(CARDS, 3), rng.random() < 0.5, rng.randrange(6))
        assert cheapest_cost(state, exhaustive=True) == cheapest_cost(state)
