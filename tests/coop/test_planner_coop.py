"""The planner in the team and junior games: any own-colour tower, no movement, cheapest in
Post Office steps; held to the brute force on random positions."""

import random

import pytest

from clacks_hw.game.clacks.brute_force import cheapest_cost
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.clacks.planner import plan
from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.values import replace

from .conftest import ED, at_turn, hand, junior, race, solitaire, unstamped_bag

JACS = tuple(ED.jacquards)


def random_position(make, seed, cards):
    """A game ``make(seed)`` after a few random legal actions, at the start of someone's
    turn, that player holding ``cards`` random jacquards and a random board."""
    rng = random.Random(seed)
    s = make(seed)
    for _ in range(rng.randrange(0, 12)):
        if s.over:
            break
        s = apply(s, rng.choice(legal_actions(s)))
    if s.over or s.pending:
        s = make(seed)
    seat = s.turn.seat
    s = at_turn(s, seat, number=s.turn.number)
    free = [j for j in JACS if j in s.bag]
    s = hand(s, seat, *rng.sample(free, cards))
    return replace(s, board=rng.randrange(1 << 16))


MAKERS = {
    "race2": lambda seed: race(("S", "N"), seed=seed),
    "race4": lambda seed: race(("S", "W", "N", "E"), seed=seed, first=("S", "W", "N", "E")[seed % 4]),
    "solitaire": lambda seed: solitaire(seed=seed),
    "junior": lambda seed: junior(seed=seed),
}


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_planner_matches_brute_force(kind):
    found = 0
    for seed in range(40):
        cards = 2 if kind != "junior" else 3
        s = random_position(MAKERS[kind], seed, cards)
        p = plan(s)
        best = cheapest_cost(s)
        assert (p is None) == (best is None), f"seed {seed}: plan {p}, brute force {best}"
        if p is None:
            continue
        found += 1
        assert p.cost == best, f"seed {seed}"
        assert p.move_cost == 0, "no pawns to move"
        assert all(a.act == "play" for a in p.actions(s))
    assert found >= 10


@pytest.mark.parametrize("seed", range(25))
def test_the_plan_sends_and_moves_the_post_office_by_its_cost(seed):
    s = random_position(MAKERS["race2"], seed, 2)
    s = unstamped_bag(s)
    p = plan(s)
    if p is None:
        return
    before = (s.signals_sent, s.post_office)
    for a in p.actions(s):
        s = apply(s, a)
        assert not isinstance(s, Rejection), s
    assert s.signals_sent == before[0] + 1
    assert s.post_office == before[1] + p.cost or s.winner == "post_office"


def test_planner_with_a_lifted_jacquard_uses_it():
    from .conftest import LOG, I, ok, reports, swap

    for seed in range(30):
        s = random_position(MAKERS["race2"], seed, 2)
        s = reports(s, (I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"),
                    (LOG["TEA BREAK"], "J29"), (LOG["INSPECTION"], "J45"))
        seat = s.turn.seat
        s = ok(s, swap(seat, s.player(seat).hand[0], I["FOG"]))
        p = plan(s)
        assert (p is None) == (cheapest_cost(s) is None)
        if p is not None:
            assert "J01" in p.cards and p.cost == cheapest_cost(s)


def test_planner_under_character_sabotage_plays_one_card():
    for seed in range(30):
        s = random_position(MAKERS["race4"], seed, 2)
        s = replace(s, one_jacquard_until=s.turn.number + 1)
        p = plan(s)
        assert (p is None) == (cheapest_cost(s) is None)
        if p is not None:
            assert len(p.cards) == 1


def test_no_plan_once_the_game_is_over_or_a_choice_waits():
    s = random_position(MAKERS["race2"], 1, 2)
    assert plan(replace(s, winner="team")) is None
    assert plan(replace(s, pending=("F03",), pending_seat=s.turn.seat)) is None
