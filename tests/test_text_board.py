"""The text board: a pure, plain-text picture of a position."""

from __future__ import annotations

import random

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.game.core.values import replace
from clacks_hw.views.text_board import render

from .test_replay_games import EDITION, config, random_game

AHMED_COHEN = ClacksConfig(("S", "N"), {"S": ("AHMED",), "N": ("COHEN",)}, seed=15)


def _lamp_rows(text: str) -> list[str]:
    # "W  1  ● · ● ·  E": the row number in column 3, the lamps from column 6
    return [line[6:13] for line in text.splitlines() if line[3:4].isdigit() and line[4:6] == "  "]


def test_lamps_are_drawn_north_up_with_lamp_0_top_left():
    state = replace(new_game(EDITION, AHMED_COHEN), board=0b1000_0000_0000_0011)  # lamps 0, 1, 15
    rows = _lamp_rows(render(state, ascii=True))
    assert rows == ["# # . .", ". . . .", ". . . .", ". . . #"]
    assert _lamp_rows(render(state))[0] == "● ● · ·"


def test_plain_text_only():
    state, _ = random_game(config(players=4, seed=3), random.Random(3), 30)
    text = render(state)
    assert "\x1b" not in text  # no ANSI escapes
    assert text.isascii() is False and render(state, ascii=True).isascii()


def test_pawns_dwarf_words_hands_and_turn():
    state = new_game(EDITION, ClacksConfig(("S", "W", "N"), {"S": ("AHMED",), "W": ("TOWER",), "N": ("COHEN",)}))
    p = state.player("W")
    state = replace(state.with_player(replace(p, tower=TOWER_BY_NAME["G3"].index)), dwarf=TOWER_BY_NAME["G6"].index)
    text = render(state)
    assert "G3 W" in text and "G6 D" in text and "Deep Dwarf" in text
    assert "> S  AHMED" in text  # S moves first: AHMED is first alphabetically
    assert "S to act, 5 of 5 stress points left" in text
    for seat in "SWN":
        assert "hand: " + ", ".join(EDITION.card_label(c) for c in state.player(seat).hand) in text
    fault = state.player("S").faults[0]  # on the hand's line: by name when it fits, else by id
    assert "faults: " + EDITION.card_label(fault) in text or f"faults: {fault}\n" in text


def test_sent_letters_are_marked():
    state = new_game(EDITION, replace(AHMED_COHEN, variants=frozenset({"long_message"}),
                                      words={"S": ("AHMED", "ADORA"), "N": ("COHEN", "DWARF")}))
    state = state.with_player(replace(state.player("S"), sent=7))
    text = render(state)
    assert "sent AHMED_A|DORA<END> (7/12)" in text and "sent |COHEN_DWARF<END> (0/12)" in text


def test_physical_hands_show_counts_only():
    state = new_game(EDITION, replace(AHMED_COHEN, hands="physical"))
    assert "hand: 3 cards (physical)" in render(state)


def test_the_winner_is_announced_and_nobody_is_to_act():
    state = replace(new_game(EDITION, AHMED_COHEN), winner="N")
    text = render(state)
    assert "Winner: N (COHEN)" in text and "Game over" in text and ">" not in text


def test_budget_after_spending():
    state = new_game(EDITION, replace(AHMED_COHEN, hands="physical"))
    state = apply(state, Action("S", "play", card="J01", lamps=0b11))
    assert "S to act, 2 of 5 stress points left (played J01)" in render(state)


def test_render_is_pure():
    state, _ = random_game(config(players=3, seed=8), random.Random(8), 25)
    assert render(state) == render(state) and render(state, actions=25).count("25 actions") == 1
