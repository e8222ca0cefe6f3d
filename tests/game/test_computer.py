"""Computer players (core/computer.py): every game offers them at three strengths, each decides
from its seat's view alone, plays only moves the rules accept, and the strong one beats the
first-time player model more often than not (the full 1,000-game figures: bench/bench_computer.py)."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.box import CLACKS_MODES
from clacks_hw.game.core.computer import (FIRST_TIMER, STRENGTHS, ComputerError, choose, move_rng,
                                          parse_computer, play_out, to_act)
from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.registry import game_for
from clacks_hw.game.core.values import replace
from clacks_hw.game.klackers.config import klackers_config

from .test_public_views import GAMES, game


# --- choosing the seats -----------------------------------------------------------------------
def test_seats_and_strengths_are_read_as_written():
    assert parse_computer("E,W") == {"E": "normal", "W": "normal"}
    assert parse_computer("E:strong, w:Easy") == {"E": "strong", "W": "easy"}
    assert parse_computer(["N:strong"], seats=("S", "N")) == {"N": "strong"}


@pytest.mark.parametrize("spec, seats, says", [
    ("X", None, "seat 'X' does not exist: the seats are S, W, N, E"),
    ("E:hard", None, "strength 'hard' (for seat E) does not exist"),
    ("E:strnog", None, "did you mean 'strong'?"),
    ("E", ("S", "N"), "seat E cannot be a computer player: it is not in the game (seats: S N)"),
    ("N,N:easy", None, "seat N is named twice"),
])
def test_a_seat_or_strength_that_does_not_exist_is_named(spec, seats, says):
    with pytest.raises(ComputerError, match=None) as err:
        parse_computer(spec, seats)
    assert says in str(err.value)


def test_a_set_up_with_a_computer_at_a_missing_seat_is_refused():
    state = game(0, 1)
    config = replace(state.config, computer={"E": "strong"})
    with pytest.raises(SetupError, match="seat E cannot be a computer player"):
        config.game.check(state.edition, config)
    physical = replace(state.config, computer={"N": "strong"}, hands="physical")
    with pytest.raises(SetupError, match='hands = "tracked"'):
        physical.game.check(state.edition, physical)


# --- never a peek -----------------------------------------------------------------------------
def _mid_game(k: int, seed: int, actions: int):
    state = game(k, seed)
    for n in range(actions):
        if state.over:
            break
        seat = to_act(state)
        state = apply(state, choose(state, seat, "strong", move_rng(state, seat, n)).action)
    return state


def _other_hand_changed(state, seat):
    """The same game but for one card of another seat's hidden hand, swapped with one in the bag
    (and the deck shuffled otherwise, a Fault Report card held swapped with the deck's): what
    ``seat`` cannot see. None when nothing is hidden from ``seat`` or nothing can be swapped."""
    hidden = state.config.game.hidden_hands(state, seat)
    for p in state.players:
        if p.seat in hidden and p.hand and state.bag:
            hand = (state.bag[0],) + p.hand[1:]
            bag = tuple(reversed(state.bag[1:])) + (p.hand[0],)
            faults, deck = p.faults, state.fault_deck
            if faults and deck:
                faults, deck = (deck[0],) + faults[1:], deck[1:] + (faults[0],)
            other = state.with_player(p._replace(hand=hand, faults=faults))
            return other._replace(bag=bag, fault_deck=deck, config=replace(state.config, seed=state.config.seed + 1))
    return None


@pytest.mark.parametrize("k", range(0, len(GAMES), 3))
def test_what_another_seat_holds_changes_no_decision(k):
    """Two games that differ only in another seat's hidden hand (and the deck's order, and the
    seed) give the same decision at every strength: a player that looked at either would not."""
    checked = 0
    for seed in range(6):
        state = _mid_game(k, seed, 3 + 5 * seed)
        seat = to_act(state)
        if seat is None:
            continue
        other = _other_hand_changed(state, seat)
        if other is None:
            continue
        assert other != state
        hidden_seat = next(p.seat for p, q in zip(state.players, other.players) if p != q)
        assert hidden_seat != seat and other.player(hidden_seat).hand != state.player(hidden_seat).hand
        game_ = state.config.game
        assert game_.seat_view(state, seat) == game_.seat_view(other, seat)
        for strength in (*STRENGTHS, FIRST_TIMER):
            a = choose(state, seat, strength, random.Random(seed))
            b = choose(other, seat, strength, random.Random(seed))
            assert a == b, (strength, a, b)
        checked += 1
    assert checked or len(game(k, 0).config.seats) == 1  # solitaire: nobody else to hide


def test_the_view_keeps_what_the_seat_may_see():
    state = _mid_game(0, 3, 6)
    seat = to_act(state)
    view = state.config.game.seat_view(state, seat)
    assert view.player(seat).hand == state.player(seat).hand
    assert view.board == state.board and view.turn == state.turn
    for p, q in zip(state.players, view.players):
        if p.seat != seat:
            assert q.hand == () and q.hand_count == p.hand_count
    assert sorted(view.bag) == sorted(state.bag + sum((p.hand for p in state.players if p.seat != seat), ()))
    assert view.config.seed == 0


# --- legal play in every game, at every strength ----------------------------------------------
@pytest.mark.parametrize("mode", [*CLACKS_MODES, "klackers"])
def test_every_strength_plays_whole_games_of_every_mode(mode):
    for seats in game_for(mode).seatings()[:2]:
        for strength in STRENGTHS:
            if mode == "klackers":
                state = game_for(mode).new_game(None, klackers_config(seats, seed=7))
            else:
                state = game(GAMES.index((mode, seats, ())), 7)
            moves = []
            end = play_out(state, {s: strength for s in state.config.seats}, moves=moves)
            assert end.over and moves
            assert all(m.why.startswith(m.seat + " ") for m in moves)


def test_a_move_says_what_it_plays_and_toward_which_letter():
    state = _mid_game(0, 2, 0)
    seat = to_act(state)
    move = choose(state, seat, "strong", random.Random(1))
    letter = state.next_signal(seat)
    assert move.letter == letter and letter in move.why
    if isinstance(move.action, Action) and move.action.act == "play":
        assert move.card in move.why and move.tower is not None
    for card in state.player(seat).hand:  # cards that stay in the hand are never named
        if card != move.card:
            assert card not in move.why


# --- strength, measured on fewer games than the bench --------------------------------------
def _match(new, a, b, games):
    wins = {a: 0, b: 0}
    for i in range(games):
        state = new(i)
        seats = state.config.seats
        players = {seats[0]: a, seats[1]: b} if i % 2 == 0 else {seats[0]: b, seats[1]: a}
        end = play_out(state, players, seed=i)
        won = end.config.game.winners(end)
        if len(won) == 1:
            wins[players[won[0]]] += 1
    return wins


def test_strong_beats_the_first_timer_and_easy_more_often_than_not():
    competitive = GAMES.index(("competitive", ("S", "N"), ()))
    wins = _match(lambda i: game(competitive, 1000 + i), "strong", FIRST_TIMER, 120)
    assert wins["strong"] > wins[FIRST_TIMER], wins
    wins = _match(lambda i: game(competitive, 2000 + i), "strong", "easy", 60)
    assert wins["strong"] > 1.5 * wins["easy"], wins
    klackers = _match(lambda i: game_for("klackers").new_game(None, klackers_config(("S", "N"), seed=i)),
                      "strong", "easy", 60)
    assert klackers["strong"] > 1.5 * klackers["easy"], klackers


# --- the journal records the computer's seats ---------------------------------------------
def test_the_header_keeps_the_computer_seats_and_refuses_wrong_ones():
    from clacks_hw.journal import JournalError
    from clacks_hw.journal.header import check_header, config_from_header, make_header

    state = game(0, 1)
    config = replace(state.config, computer={"N": "strong"})
    header = make_header(state.edition, config, created="2026-01-01T00:00:00+00:00")
    assert header["computer"] == {"N": "strong"}
    assert config_from_header(check_header(header)).computer == {"N": "strong"}
    assert "computer" not in make_header(state.edition, state.config, created="x")  # none: no key
    for bad, says in (({"E": "strong"}, "seat E cannot be a computer player"),
                      ({"N": "mighty"}, "strength 'mighty' does not exist")):
        with pytest.raises(JournalError, match=says):
            check_header({**header, "computer": bad})
