"""Hidden information is decided in one place, the game's ``hidden_hands``: for random legal
games of every game, what each seat (and everybody) is shown (``replay --view``, the text
board, the status page) never holds a card of a hand hidden from them (in Long Distance every
other seat's), nor a jacquard lying face down."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.game.clacks.bots import bot_action
from clacks_hw.game.clacks.box import CLACKS_MODES
from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.core.view import PUBLIC
from clacks_hw.views.position_json import position_json
from clacks_hw.views.text_board import render
from clacks_hw.web.public import public_position

from .perft_positions import ED, ClacksConfig, deal_words, new_game

GAMES = [(mode, seats, variants) for mode in CLACKS_MODES for seats in game_for(mode).seatings()[:3]
         for variants in ((), *((v,) for v in game_for(mode).variants))]


def game(k: int, seed: int):
    mode, seats, variants = GAMES[k]
    slots = game_for(mode).word_slots(seats, variants)
    words = deal_words(ED, [key for key, _ in slots], slots[0][1], seed)
    return new_game(ED, ClacksConfig(seats, words, seed=seed, mode=mode, variants=frozenset(variants)))


def shown_to(state, viewer) -> list[str]:
    out = [json.dumps(position_json(state, view=viewer)), render(state, view=viewer)]
    if viewer == PUBLIC:
        out.append(json.dumps(public_position(state)))
    return out


def check(state) -> None:
    game = state.config.game
    face_down = {r.jacquard for r in state.reports if not r.face_up and r.jacquard}
    for viewer in (*state.config.seats, PUBLIC):
        hidden = game.hidden_hands(state, viewer)
        if state.config.has("long_distance"):
            assert hidden >= {s for s in state.config.seats if s != viewer}
        secret = {c for p in state.players if p.seat in hidden for c in p.hand + p.faults}
        held = {c for p in state.players for c in p.hand}
        for text in shown_to(state, viewer):
            for card in secret:
                assert card not in text, f"{viewer} is shown {card} of a hidden hand"
            for card in face_down - held - set(state.turn.played):
                assert card not in text, f"{viewer} is shown {card}, face down on a report card"


@settings(max_examples=30, deadline=None)
@given(k=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_no_view_shows_what_is_hidden_from_it(k, seed, steps):
    state, rng = game(k, seed), random.Random(seed)
    check(state)
    for _ in range(steps):
        if state.over:
            break
        actions = legal_actions(state)
        action = rng.choice(actions) if rng.random() < 0.3 and actions else bot_action(state, rng)
        state = apply(state, action)
        check(state)
