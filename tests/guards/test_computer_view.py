"""A computer at a Guards! Guards! table decides from its seat's view alone (view.py's
``seat_view``, which core/computer.py hands it): swap what that seat may not see (which of an
opponent's volunteers are planted and where, with which item, which volunteers each opponent
holds, their items and scrolls, what the others answered to a sabotage question) and no
decision changes; and every move it makes from the view is one the real game accepts."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.core.computer import FIRST_TIMER, choose, move_rng, to_act
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.state import Saboteur
from tests.guards.randomgames import random_game


def swapped(state, seat: str, rng: random.Random):
    """``state`` with everything ``seat`` may not see dealt otherwise: the opponents' volunteers
    (in hand or planted) shuffled among them, saboteurs moved to other quadrants with other
    items, items and scrolls shuffled among the opponents, their answers to a question changed."""
    others = [p for p in state.players if p.seat != seat]
    cards = [c for p in others for c in (*p.hand, *(s.card for s in p.saboteurs))]
    items = [i for p in others for i in p.items]
    scrolls = [c for p in others for c in p.scrolls]
    for pool in (cards, items, scrolls):
        rng.shuffle(pool)
    quads, box_items = state.edition.quadrants, (None, *state.edition.items)
    players = []
    for p in state.players:
        if p.seat != seat:
            sabs = tuple(Saboteur(cards.pop(), rng.choice(quads), rng.choice(box_items)) for _ in p.saboteurs)
            p = p._replace(saboteurs=sabs, hand=tuple(cards.pop() for _ in p.hand),
                           items=tuple(items.pop() for _ in p.items), scrolls=tuple(scrolls.pop() for _ in p.scrolls))
        players.append(p)
    out = state._replace(players=tuple(players))
    q = out.prompt
    if q is not None and q.kind == "sabotage":
        out = out._replace(prompt=q._replace(answers=tuple(
            (s, a if s == seat else (("how", rng.choice(("alter", "ambush"))),)) for s, a in q.answers)))
    return out


def decisions(players: int, seeds: range):
    """(state, seat) at every point of random games where a seat must act."""
    for seed in seeds:
        for _, s in random_game(seed, players, steps=250):
            seat = to_act(s)
            if seat is not None:
                yield s, seat


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_the_seat_may_not_see_changes_no_decision(players):
    rng = random.Random(players)
    changed_secret = 0
    for s, seat in decisions(players, range(4)):
        other = swapped(s, seat, rng)
        if other == s:
            continue
        changed_secret += 1
        assert GUARDS.seat_view(other, seat) == GUARDS.seat_view(s, seat)
        for strength in ("easy", "normal", "strong", FIRST_TIMER):
            a = choose(s, seat, strength, move_rng(s, seat, 7))
            b = choose(other, seat, strength, move_rng(other, seat, 7))
            assert a == b, f"{seat}'s move changed with what it cannot see"
    assert changed_secret > 50  # the games had secrets to swap


@pytest.mark.parametrize("players,strength", [(2, "easy"), (2, "normal"), (4, "normal"), (3, "strong"),
                                              (4, "strong"), (2, FIRST_TIMER)])
def test_a_move_chosen_from_the_view_is_accepted_by_the_real_game(players, strength):
    for s, seat in decisions(players, range(3)):
        move = choose(s, seat, strength, move_rng(s, seat, 1))
        if move is None:
            continue
        assert move.seat == seat and move.action.seat == seat
        assert GUARDS.validate(s, move.action) is None, (move.action, GUARDS.validate(s, move.action))


def test_the_view_keeps_the_seats_own_secrets_and_what_the_table_sees():
    for s, seat in decisions(3, range(2)):
        view = GUARDS.seat_view(s, seat)
        assert view.player(seat) == s.player(seat) and view.config.seed == 0
        for p, v in zip(s.players, view.players):
            assert (len(p.hand), len(p.items), len(p.scrolls), len(p.saboteurs)) == \
                (len(v.hand), len(v.items), len(v.scrolls), len(v.saboteurs))
            assert (p.dollars, p.magic, p.guild_level, p.charm, p.returned) == \
                (v.dollars, v.magic, v.guild_level, v.charm, v.returned)
        assert GUARDS.position(view, "public") == GUARDS.position(s, "public")  # nothing public lost
