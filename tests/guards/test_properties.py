"""Properties of random legal games (hypothesis picks the seeds): money never negative, at most
one dragon a quadrant, runners within their limits, and no secret in any public view.

A few hundred games here; `make bench` (bench/bench_guards.py) plays 10,000."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.core.view import PUBLIC
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.phone import questions, sections
from clacks_hw.game.guards.view import narrate
from tests.guards.randomgames import random_game, scrubbed

GAMES = dict(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))


def invariants(s):
    assert all(p.dollars >= 0 for p in s.players), [p.dollars for p in s.players]
    quads = [q for q, _ in s.dragons]
    assert len(quads) == len(set(quads)) <= 4
    assert len({d for _, d in s.dragons}) == len(s.dragons)
    for r in s.runs:
        assert len(r.runners) <= (6 if r.at_gate else 4 if not r.final else 12)
    held = [c for p in s.players for c in p.hand] + [x.card for p in s.players for x in p.saboteurs]
    held += [c for r in s.runs for c, _ in r.runners]
    assert len(held) == len(set(held)), "a card is in two places"


def same_public(s):
    """The public view and each seat's view of the others cannot tell the secrets apart."""
    view = GUARDS.position(s, PUBLIC)
    assert GUARDS.position(scrubbed(s), PUBLIC) == view
    assert "hand" not in json.dumps(view["players"]).replace("hand_size", "")
    for seat in s.config.seats:
        other = scrubbed(s, seat)
        assert GUARDS.position(other, seat) == GUARDS.position(s, seat)
        assert sections(other, seat) == sections(s, seat)  # the phone page: its own secrets only
        assert [(q, [(label, a.to_json()) for label, a in c]) for q, c in questions(other, seat)] == \
            [(q, [(label, a.to_json()) for label, a in c]) for q, c in questions(s, seat)]


@settings(max_examples=120, deadline=None)
@given(**GAMES)
def test_random_games_keep_the_invariants_and_the_secrets(seed, players):
    before = None
    for action, s in random_game(seed, players, steps=150):
        invariants(s)
        same_public(s)
        if action is not None and action.act in ("plant", "replant", "let_pass", "sabotage"):
            line = narrate(before, action, s)
            assert not any(q in line for q in s.edition.quadrants), line
        before = s


def test_random_games_end_won_lost_or_stopped():
    """Over many random games each ending happens (the random player does reach the end)."""
    endings = set()
    for seed in range(40):
        *_, (_, last) = random_game(seed, 2 + seed % 3, steps=800)
        endings.add(last.ended or "going on")
    assert {"won", "stopped"} <= endings
