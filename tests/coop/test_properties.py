"""Property tests over random legal team and junior games (actions from ``legal_actions``,
mixed with the automatic players' so games send signals and end).

After every action: each listed legal action applies; the Post Office stands at the stress
points spent plus the cards' own moves; signals go out one at a time, in order, each from a
tower of the sender's colour that shows it read from the sender's seat; a per-seat view
never holds another seat's cards; tracked games keep all 48 jacquards.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.game.clacks.board import COLOUR, TOWERS_OF, read_tower
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.views.position_json import position_json

from .conftest import ED

JACS = Counter(ED.jacquards.keys())
WORDS = ED.words
KINDS = {
    # name: (mode, seats, variants, hands)
    "race2": ("race", ("S", "N"), (), "tracked"),
    "race3_night": ("race", ("S", "W", "N"), ("night_shift",), "tracked"),
    "race4_ld_night": ("race", ("S", "W", "N", "E"), ("long_distance", "night_shift"), "tracked"),
    "solitaire": ("solitaire", ("S",), (), "tracked"),
    "solitaire_night": ("solitaire", ("S",), ("night_shift",), "tracked"),
    "junior": ("junior_race", ("S", "W"), (), "tracked"),
    "race3_physical_night": ("race", ("S", "W", "N"), ("night_shift",), "physical"),
    "solitaire_physical": ("solitaire", ("S",), (), "physical"),
    "junior_physical": ("junior_race", ("E", "N"), (), "physical"),
}
MAX_ACTIONS = 90


def make(kind: str, seed: int, route: str):
    mode, seats, variants, hands = KINDS[kind]
    rng = random.Random(seed)
    if mode == "junior_race":
        picked = rng.sample(WORDS, 4)
        words = {seats[0]: tuple(picked[:2]), seats[1]: tuple(picked[2:])}
    else:
        words = {"team": tuple(rng.sample(WORDS, 2))}
    first = rng.choice(seats) if mode == "race" else None
    return new_game(ED, ClacksConfig(seats, words, seed=seed, hands=hands, mode=mode, route=route,
                                   first=first, variants=frozenset(variants)))


def check_state(s):
    coop = s.config.mode != "junior_race"
    if coop:
        assert s.post_office == s.stress_total + s.card_moves, "Post Office = stress + card moves"
        assert 0 <= s.signals_sent <= len(s.message) == 12
        if s.over:
            assert s.winner in ("team", "post_office")
            assert (s.winner == "post_office") == (s.post_office >= s.post_office_goal)
            if s.winner == "team":
                assert s.signals_sent == 12
        else:
            assert s.post_office < s.post_office_goal and s.signals_sent < 12
    else:
        assert s.post_office == 0
        for p in s.players:
            assert 0 <= p.sent <= 12
        if s.over:
            assert s.player(s.winner).sent == 12
        else:
            assert all(p.sent < 12 for p in s.players)
    if s.config.hands == "tracked":
        cards = list(s.bag) + list(s.discard) + [c for p in s.players for c in p.hand] + \
            [r.jacquard for r in s.reports]
        assert Counter(cards) == JACS, "the 48 jacquards are conserved"
        for p in s.players:
            assert p.hand_count == len(p.hand)
    if s.pending:
        assert s.pending_seat in s.config.seats
    for seat in s.config.seats:
        text = json.dumps(position_json(s, view=seat))
        for p in s.players:
            if p.seat != seat:
                for card in p.hand:
                    assert card not in text, f"{seat}'s view shows {p.seat}'s {card}"
        if s.config.hands == "tracked":
            for r in s.reports:
                if not r.face_up:
                    assert r.jacquard not in text, "a face-down jacquard shows in a view"


def check_signal(old, new, action):
    """Signals go out one at a time, in order, from a tower of the sender's colour showing
    the signal read from the sender's seat at that moment."""
    seat = old.turn.seat
    if old.config.mode == "junior_race":
        before = {p.seat: p.sent for p in old.players}
        after = {p.seat: p.sent for p in new.players}
        for q in before:
            if q != seat:
                assert after[q] == before[q], "only the sender's pawn moves"
        sent = after[seat] - before[seat]
        signal = old.player(seat).next_signal
    else:
        sent = new.signals_sent - old.signals_sent
        signal = old.next_signal(seat)
    assert sent in (0, 1), "one signal at a time"
    if not sent:
        return
    assert action.act == "play" and action.seat == seat
    board = old.board ^ action.lamps  # before any reveal after the turn
    flipped = old.turn.flipped | action.lamps
    bits = ED.signals[signal]
    towers = [t for t in TOWERS_OF[COLOUR[seat]]
              if read_tower(board, seat, t.index) == bits and flipped & t.mask]
    assert towers, f"{signal} sent by {seat} but no tower of theirs shows it"
    assert new.over or new.turn.number == old.turn.number + 1, "sending ends the turn"


def run(kind: str, seed: int, route: str):
    rng = random.Random(seed)
    s = make(kind, seed, route)
    check_state(s)
    coop = s.config.mode != "junior_race"
    stress = 0
    turn_cost = 0
    for _ in range(MAX_ACTIONS):
        if s.over:
            break
        legal = legal_actions(s)
        assert legal, "a game not over always has a legal action"
        for extra in rng.sample(legal, min(3, len(legal))):
            assert not isinstance(apply(s, extra), Rejection), f"listed {extra} refused"
        if s.config.hands == "tracked" and rng.random() < 0.6:
            action = bot_action(s, rng)
        else:
            # tapped Fault Report cards are always legal in physical games: keep them rare
            turn = [a for a in legal if a.act != "fault"]
            action = rng.choice(turn if turn and rng.random() < 0.95 else legal)
        new = apply(s, action)
        assert not isinstance(new, Rejection), f"{action}: {new}"
        if action.act == "play":
            turn_cost += ED.jacquards[action.card].cost
        elif action.act == "swap" and ED.cards[action.source].deck == "log":
            turn_cost += 1
        check_signal(s, new, action)
        check_state(new)
        if coop and (new.turn.number != s.turn.number or new.stress_total != s.stress_total):
            stress += turn_cost
            turn_cost = 0
            assert new.stress_total == stress, "every stress point of the turn is counted"
        if not coop and new.turn.number != s.turn.number:
            turn_cost = 0
        s = new
    return s


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), route=st.sampled_from(["easy", "hard"]))
def test_random_legal_games_keep_the_invariants(kind, seed, route):
    run(kind, seed, route)


def no_reveal_po_model(kind, seed, route):
    """Race without Night Shift: the Post Office replayed from the actions alone."""
    rng = random.Random(seed)
    s = make(kind, seed, route)
    po = 0
    cost = 0
    card = None
    for _ in range(MAX_ACTIONS):
        if s.over:
            break
        action = bot_action(s, rng) if rng.random() < 0.5 else rng.choice(legal_actions(s))
        if action.act == "play":
            cost += ED.jacquards[action.card].cost
        elif action.act == "swap":
            card = ED.cards[action.source]
            cost += card.deck == "log"
            po += sum(e.arg for e in card.effects if e.kind == "post_office")
        new = apply(s, action)
        if new.turn.number != s.turn.number or (new.over and new.winner == "team") or \
                (new.over and new.stress_total != s.stress_total):
            kinds = {e.kind: e.arg for e in card.effects} if card else {}
            moved = max(0, cost - kinds.get("post_office_discount", 0))
            if "post_office_cap" in kinds:
                moved = min(moved, kinds["post_office_cap"])
            po += moved
            cost, card = 0, None
            assert new.post_office == po, "the Post Office moved by the turn's stress points"
        elif not new.over:
            assert new.post_office == po
        s = new
    return s


@pytest.mark.parametrize("kind", ["race2", "solitaire"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), route=st.sampled_from(["easy", "hard"]))
def test_post_office_model_without_reveals(kind, seed, route):
    no_reveal_po_model(kind, seed, route)
