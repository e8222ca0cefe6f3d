"""The seat to act's next step (game/clacks/guide.py codes, views/guide.py words): what a newcomer
reads before touching anything. Without hints it teaches the turn's steps and names no card;
with hints it names the card the hints would tap first and what it does."""

from __future__ import annotations

from dataclasses import replace as dc_replace

from clacks_hw.game.clacks import guide as g
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.hint_follower import best_hint, hinted_action
from clacks_hw.game.core.values import replace
from clacks_hw.views.guide import guide_lines
from tests.game.conftest import T, game, move, ok, play, player


def codes(state, seat, hints=False):
    return [s.code for s in state.config.game.guide(state, seat, hints)]


def hinted(state):
    return replace(state, config=dc_replace(state.config, hints=True))


def first(state):
    return state.turn.seat


def test_on_the_start_button_it_says_press_a_tower_of_your_colour_then_a_card():
    s = game()
    seat = first(s)
    assert codes(s, seat) == [g.START]
    signal = s.player(seat).next_signal
    assert guide_lines(s, seat, False) == [
        f"Your turn, {seat}: press a red tower to put your pawn on it (free this time), "
        f"then tap a card to flip lamps until {signal} stands on that tower."]


def test_on_a_tower_it_names_the_pawns_tower_and_what_moving_costs():
    s = ok(game(), move("S", "R4"))
    assert codes(s, "S") == [g.CARD]
    text = guide_lines(s, "S", False)[0]
    assert "until A stands on R4, your pawn's tower" in text and "1 point a step" in text


def test_after_a_card_another_card_or_play_ends_the_turn():
    s = ok(game(), move("S", "R4"))
    card = next(c for c in s.player("S").hand if s.edition.jacquards[c].cost <= 2)
    mask = s.edition.jacquards[card].shape.placements[0]
    s = ok(s, play("S", card, mask))
    assert s.turn.seat == "S"  # the card sends nothing: the turn goes on
    assert codes(s, "S") == [g.MORE]
    assert guide_lines(s, "S", False)[0].endswith("or PLAY to end your turn.")


def test_nothing_left_to_pay_for_says_play_ends_the_turn():
    s = ok(game(), move("S", "R4"))
    s = replace(s, turn=replace(s.turn, played=("J01",), card_cost=5))
    assert codes(s, "S") == [g.DONE]
    assert guide_lines(s, "S", False) == ["No card you hold fits the 0 points left: PLAY ends your turn."]


def test_only_the_seat_to_act_is_guided_and_never_once_the_game_is_over():
    s = game()
    other = next(seat for seat in s.config.seats if seat != first(s))
    assert codes(s, other) == [] and guide_lines(s, other, True) == []
    assert codes(replace(s, winner=first(s)), first(s)) == []


def test_without_hints_no_card_is_named():
    s = game()
    lines = guide_lines(s, first(s), False)
    assert not any(s.edition.card_label(c) in " ".join(lines) for c in s.player(first(s)).hand)


def test_with_hints_it_names_the_card_the_hint_follower_taps_first_and_what_it_does():
    for seed in range(8):
        s = hinted(game(seed=seed))
        seat = first(s)
        best = best_hint(s, seat)
        steps = s.config.game.guide(s, seat, True)
        if best is None:
            assert [x.code for x in steps] == [g.START]
            continue
        card, hint = best
        assert [x.code for x in steps] == [g.START, g.HINT]
        line = guide_lines(s, seat, True)[1]
        assert line.startswith(f"Hint: tap {s.edition.card_label(card)}: ")
        if hint.select:  # the follower's first action is the move the hint's "select" names
            name = TOWERS[hint.tower].name
            assert hinted_action(s, seat) == move(seat, name)
            assert f"select {name}" in line


def test_the_tower_named_is_the_pawns():
    s = ok(game(), move("S", "R2"))
    step = s.config.game.guide(s, "S", False)[0]
    assert step.values["tower"] == "R2" and T("R2") == s.player("S").tower
