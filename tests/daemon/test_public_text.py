"""No public text names a card of a hidden hand: in Long Distance, tapping jacquards the player
to act does not hold leaves every notice, report, info log line and the status page free of
every hidden card (the full sentence stays with the seat it concerns)."""

from __future__ import annotations

import json
import logging
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.events import CardTap
from clacks_hw.daemon.session import GameSession, JournalStore
from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.box import CLACKS_MODES
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.core.view import PUBLIC
from clacks_hw.web.public import public_position
from tests.fakes.daemon_rig import card_map

from .test_sent_from_flash import ED

HIDDEN_HAND_GAMES = [  # (mode, seats, variants) whose hands the public may not see
    (mode, seats, variants)
    for mode in CLACKS_MODES
    for variants in ((), *((v,) for v in game_for(mode).variants))
    for seats in game_for(mode).seatings()[:3]
]


def hidden_game(k: int, seed: int, moves: int):
    mode, seats, variants = [g for g in HIDDEN_HAND_GAMES if _hides(*g)][k]
    slots = game_for(mode).word_slots(seats, variants)
    words = deal_words(ED, [key for key, _ in slots], slots[0][1], seed)
    s = new_game(ED, ClacksConfig(seats, words, seed=seed, mode=mode, variants=frozenset(variants)))
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s = apply(s, bot_action(s, rng))
    return s


def _hides(mode, seats, variants) -> bool:
    slots = game_for(mode).word_slots(seats, variants)
    words = deal_words(ED, [key for key, _ in slots], slots[0][1], 0)
    s = new_game(ED, ClacksConfig(seats, words, mode=mode, variants=frozenset(variants)))
    return bool(game_for(mode).hidden_hands(s, PUBLIC))


N_HIDING = sum(_hides(*g) for g in HIDDEN_HAND_GAMES)


def test_long_distance_is_among_the_hidden_hand_games():
    assert N_HIDING >= 3


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(k=st.integers(0, N_HIDING - 1), seed=st.integers(0, 10**6), moves=st.integers(0, 12),
       picks=st.lists(st.integers(0, 47), min_size=1, max_size=4))
def test_tapping_cards_one_does_not_hold_never_names_a_hidden_card(caplog, tmp_path, k, seed, moves, picks):
    s = hidden_game(k, seed, moves)
    if s.over or s.pending:
        return
    hidden = game_for(s.config.mode).hidden_hands(s, PUBLIC)
    secret = {c for p in s.players if p.seat in hidden for c in p.hand + p.faults}
    mine = s.current.hand
    unheld = [j for j in ED.jacquards if j not in mine and j not in s.turn.played]  # played: another refusal
    ctrl = Controller(ED, JournalStore(tmp_path, ED), card_map(), Settings(mode=s.config.mode),
                      session=GameSession(s, None), now=0.0)
    reports: list[str] = []
    ctrl.report = reports.append
    caplog.clear()
    texts = []
    with caplog.at_level(logging.INFO):
        for n, i in enumerate(picks):
            ctrl.handle(CardTap(unheld[i % len(unheld)]), 1.0 + n)
            texts.append(ctrl.message)
    texts += reports + [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    texts.append(json.dumps(public_position(ctrl.session.state)))
    assert any("not in" in t for t in texts), texts  # the taps were refused and said so
    for text in texts:
        for card in secret:
            assert card not in text, f"{card} of a hidden hand shows in public: {text!r}"
