"""Property tests: random legal games never break the engine's invariants.

Actions are drawn from ``legal_actions``; after each one the checker compares the new state
with an independent model (the board replayed from the effects of every played card) and
with the conservation laws of the game. A sample of actions *not* in the legal list must be
refused.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import FULL, TOWERS
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.rejection import Rejection
from clacks_hw.game.core.table import SEATS

from .conftest import ED, SEATINGS

WORDS = ED.words
JACQUARDS = tuple(ED.jacquards)
FAULTS = ED.deck("fault")
SHAPES = tuple(ED.shapes.values())


def effects(card_id):
    return {e.kind: e.arg for e in ED.cards[card_id].effects}


def make_game(players, seed, hands, variants):
    seats = SEATINGS[players]
    per = 2 if "long_message" in variants else 1
    rng = random.Random(seed)
    words = rng.sample(WORDS, per * len(seats))
    config = ClacksConfig(seats, {s: tuple(words[i * per:(i + 1) * per]) for i, s in enumerate(seats)},
                        seed=seed, hands=hands, variants=frozenset(variants))
    return new_game(ED, config)


class Checker:
    """Follows a game action by action and checks every invariant."""

    def __init__(self, state):
        self.state = state
        self.model_board = state.board  # replayed from the effects of the cards played
        self.xor = state.board  # start XOR every played mask, while that law applies
        self.xor_holds = True
        self.fault_board_before = None  # model board before the last Fault Report card
        self.steps = 0
        self.check_conservation(state)

    # -- the laws -------------------------------------------------------------------------
    def check_conservation(self, s):
        if s.config.hands == "tracked":
            cards = list(s.bag) + list(s.discard) + [c for p in s.players for c in p.hand]
            assert Counter(cards) == Counter(JACQUARDS), "jacquards are conserved"
            faults = list(s.fault_deck) + [c for p in s.players for c in p.faults]
            assert Counter(faults) == Counter(FAULTS), "Fault Report cards are conserved"
            for p in s.players:
                assert p.hand_count == len(p.hand)
        else:
            assert len(set(s.discard)) == len(s.discard), f"a card discarded twice: {s.discard}"
            assert set(s.discard) <= set(JACQUARDS)
            assert len(s.discard) + sum(p.hand_count for p in s.players) <= len(JACQUARDS)
        for p in s.players:
            assert 0 <= p.sent <= len(p.signals)
            if not s.over:
                assert p.hand_count <= 3 or s.turn.seat == p.seat

    def step(self, action):
        old = self.state
        new = apply(old, action)
        assert not isinstance(new, Rejection), f"listed legal action {action} refused: {new}"
        self.steps += 1
        self._model(old, action)
        assert new.board == self.model_board, f"board {new.board:016b} != model {self.model_board:016b} after {action}"
        if self.xor_holds:
            assert new.board == self.xor
        if action.act in ("move", "play") and new.turn.seat == old.turn.seat and not new.over:
            assert new.turn.spent <= new.turn.budget, "budget exceeded"
        self._check_sent(old, new, action)
        self.check_conservation(new)
        self.state = new
        return new

    def _model(self, old, action):
        if action.act == "play":
            self.model_board ^= action.lamps
            self.xor ^= action.lamps
        elif action.act == "fault":
            fx = effects(action.card)
            if "cancel_last" in fx:
                self.model_board = self.fault_board_before
                self.xor_holds = False
                return
            self.fault_board_before = self.model_board
            if "set_all" in fx:
                self.model_board = FULL if fx["set_all"] else 0
                self.xor_holds = False
            if "flip" in fx:
                self.model_board ^= action.lamps
                self.xor ^= action.lamps
            if "flip_tower" in fx:
                self.model_board ^= TOWERS[action.tower].mask
                self.xor ^= TOWERS[action.tower].mask

    def _check_sent(self, old, new, action):
        if action.act == "fault" and "cancel_last" in effects(action.card):
            before = old.last_fault.before
            for p in new.players:
                assert p.sent == before.player(p.seat).sent, "EMERGENCY REPAIR restores the position"
            return
        grew = 0
        for p in new.players:
            was = old.player(p.seat)
            if p.sent < was.sent:
                assert old.sabotage is not None and old.sabotage[0] == p.seat, "sent fell without sabotage"
                assert p.sent == was.sent - 1 and p.sabotaged and not was.sabotaged
                assert new.board & TOWERS[old.sabotage[1]].mask == 0
            grew += p.sent - was.sent if p.sent > was.sent else 0
        assert grew <= 1, "at most one signal per action"

    # -- actions that are not listed must be refused ----------------------------------------
    def random_action(self, rng):
        s = self.state
        seat = rng.choice(SEATS)
        act = rng.choice(("move", "play", "end", "fault", "timeout", "swap"))
        if act == "move":
            return Action(seat, "move", tower=rng.choice((None,) + tuple(range(12))))
        if act == "play":
            card = rng.choice(JACQUARDS + FAULTS + ("J99", None))
            return Action(seat, "play", card=card, lamps=self._lamps(rng, card))
        if act == "fault":
            card = rng.choice(FAULTS + FAULTS + JACQUARDS[:4] + ("F99", None))
            fx = effects(card) if card in ED.cards else {}
            lamps = self._lamps(rng, card) if "flip" in fx else None
            tower = rng.choice((None,) + tuple(range(12))) if "flip_tower" in fx else None
            return Action(seat, "fault", card=card, lamps=lamps, tower=tower)
        if act == "timeout":
            if s.config.hands == "physical":
                return Action(seat, "end")
            hand = s.player(seat).hand if seat in s.config.seats else ()
            card = None if s.turn.played else rng.choice(hand + ("J99", "J48", "F01") if hand else (None,))
            return Action(seat, "timeout", card=card, time=60.0)
        return Action(seat, act)

    @staticmethod
    def _lamps(rng, card):
        roll = rng.random()
        if roll < 0.5 and card in ED.jacquards:
            return rng.choice(ED.jacquards[card].shape.placements)
        if roll < 0.8:
            return rng.choice(rng.choice(SHAPES).placements)
        return rng.choice((None, rng.randrange(1, 1 << 16)))

    def check_unlisted(self, legal, rng, n=6):
        listed = set(legal)
        for _ in range(n):
            a = self.random_action(rng)
            if a in listed:
                continue
            out = apply(self.state, a)
            assert isinstance(out, Rejection), f"unlisted action {a} was accepted"
            assert out.code and out.message


def choose(legal, pick):
    """Pick an action kind first (so moves and plays are not drowned by fault cards)."""
    kinds = {}
    for a in legal:
        kinds.setdefault(a.act, []).append(a)
    order = sorted(kinds)
    weights = [1 if k == "fault" else 4 for k in order]
    kind, r = None, pick(sum(weights))
    for k, w in zip(order, weights):
        if r < w:
            kind = k
            break
        r -= w
    options = kinds[kind]
    return options[pick(len(options))]


def run(state, pick, steps, rng, unlisted_every=1):
    checker = Checker(state)
    for i in range(steps):
        s = checker.state
        legal = legal_actions(s)
        if s.over:
            assert legal == []
            checker.check_unlisted(legal, rng)
            break
        assert legal, "a running game always has a legal action"
        if i % unlisted_every == 0:
            checker.check_unlisted(legal, rng)
        checker.step(choose(legal, pick))
    return checker


variants_st = st.sets(st.sampled_from(("express", "long_message", "quick")))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((2, 3, 4)), seed=st.integers(0, 10_000), variants=variants_st,
       data=st.data())
def test_random_tracked_games_keep_every_invariant(players, seed, variants, data):
    state = make_game(players, seed, "tracked", variants)
    rng = random.Random(seed)
    run(state, lambda n: data.draw(st.integers(0, n - 1)), steps=80, rng=rng)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((2, 3, 4)), seed=st.integers(0, 10_000), variants=variants_st,
       data=st.data())
def test_random_physical_games_keep_every_invariant(players, seed, variants, data):
    state = make_game(players, seed, "physical", variants)
    rng = random.Random(seed)
    run(state, lambda n: data.draw(st.integers(0, n - 1)), steps=30, rng=rng, unlisted_every=3)


FULL_GAMES = [
    (2, 1, "tracked", ()),
    (3, 2, "tracked", ()),
    (4, 3, "tracked", ()),
    (2, 7, "tracked", ("long_message", "express")),
    (2, 4, "tracked", ("quick",)),
    (3, 5, "tracked", ("express",)),
    (2, 6, "physical", ()),
]


def test_complete_random_games_end_with_a_winner_and_keep_every_invariant():
    """Whole games to the end (sabotage, Quick rounds, Express timeouts included)."""
    endings = Counter()
    for players, seed, hands, variants in FULL_GAMES:
        rng = random.Random(seed)
        state = make_game(players, seed, hands, variants)
        checker = run(state, rng.randrange, steps=40000 if hands == "tracked" else 300,
                      rng=rng, unlisted_every=25)
        s = checker.state
        if hands == "tracked":
            assert s.over, f"{players} players {variants}: no winner after {checker.steps} actions"
        if s.over:
            w = s.player(s.winner)
            assert w.finished
            endings["sabotaged winner" if w.sabotaged else "winner"] += 1
    assert endings["winner"] + endings["sabotaged winner"] >= len(FULL_GAMES) - 1
