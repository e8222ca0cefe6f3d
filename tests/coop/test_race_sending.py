"""Sending in the race: any own-colour tower read from one's own seat, a lamp of it flipped
this turn, one signal a turn (sending ends the turn), at least one jacquard, no budget."""


import pytest

from clacks_hw.game.clacks.board import read_tower
from clacks_hw.game.clacks.coop import sendable_tower

from .conftest import (
    ED,
    L,
    T,
    at_turn,
    board,
    end,
    hand,
    ok,
    own_towers,
    play,
    race,
    refused,
    sig,
    tower_mask,
    turn,
)

SQUARES = ED.shapes["square"].placements


def square_inside(tower: str) -> int:
    return next(m for m in SQUARES if m & tower_mask(tower) == m)


def four_players():
    return race(("S", "W", "N", "E"))


@pytest.mark.parametrize("seat", ["S", "W", "N", "E"])
def test_each_seat_sends_from_each_of_its_six_towers_read_from_its_seat(seat):
    s = four_players()
    towers = own_towers(seat)
    assert len(towers) == 6 and {t[0] for t in towers} == {"R" if seat in "SN" else "G"}
    for tower in towers:
        mask = square_inside(tower)
        t = at_turn(s, seat)
        t = hand(t, seat, "J30", "J31")
        t = board(t, sig(seat, tower, "A") ^ mask)
        t = ok(t, play(seat, "J30", mask))
        assert t.signals_sent == 1, f"{seat} could not send from {tower}"
        assert t.turn.seat != seat, "sending ends the turn"


@pytest.mark.parametrize("seat, other", [("S", "W"), ("S", "E"), ("W", "S"), ("E", "N")])
def test_a_tower_of_the_other_colour_never_sends(seat, other):
    """A tower of the other colour showing the signal (as its own players read it) is not
    the sender's: nobody reads a tower sideways."""
    s = four_players()
    for tower in own_towers(other):
        mask = square_inside(tower)
        t = at_turn(s, seat)
        t = hand(t, seat, "J30", "J31")
        t = board(t, sig(other, tower, "A") ^ mask)
        t = ok(t, play(seat, "J30", mask))
        assert t.signals_sent == 0, f"{seat} sent from the other colour's {tower}"


@pytest.mark.parametrize("seat, opposite", [("S", "N"), ("N", "S"), ("W", "E"), ("E", "W")])
def test_the_tower_is_read_from_the_senders_seat_not_the_opposite_one(seat, opposite):
    s = four_players()
    tested = 0
    for tower in own_towers(seat):
        mask = square_inside(tower)
        shown = sig(opposite, tower, "A")
        if any(read_tower(shown, seat, T(x)) == ED.signals["A"] for x in own_towers(seat)):
            continue  # A upside down on a lower tower is A the right way up on a higher one
        tested += 1
        t = at_turn(s, seat)
        t = hand(t, seat, "J30", "J31")
        t = board(t, sig(opposite, tower, "A") ^ mask)  # A as the opposite player sees it
        t = ok(t, play(seat, "J30", mask))
        assert t.signals_sent == 0, f"{seat} sent {tower} read from {opposite}'s seat"
    assert tested >= 3


def test_the_signal_must_have_a_lamp_flipped_this_turn():
    s = at_turn(race(), "S")
    s = hand(s, "S", "J30", "J31")
    s = board(s, sig("S", "R1", "A"))  # A already stands on R1
    far = L(10, 11, 14, 15)  # a square away from R1
    t = ok(s, play("S", "J30", far))
    assert t.signals_sent == 0 and t.turn.seat == "S"
    assert t.board & tower_mask("R1") == sig("S", "R1", "A"), "A still stands, unflipped"


def test_flipping_off_and_back_on_counts_as_flipped():
    s = at_turn(race(), "S")
    s = hand(s, "S", "J02", "J03")
    s = board(s, sig("S", "R1", "A"))
    t = ok(s, play("S", "J02", L(0, 1)))
    assert t.signals_sent == 0  # R1 now shows W (##/#./.#), not A
    t = ok(t, play("S", "J03", L(0, 1)))
    assert t.signals_sent == 1


def test_one_signal_a_turn_sending_ends_the_turn_and_the_other_card_is_passed():
    s = at_turn(race(), "S")
    s = hand(s, "S", "J30", "J33")
    s = board(s, sig("S", "R1", "A") ^ L(0, 1, 4, 5))
    t = ok(s, play("S", "J30", L(0, 1, 4, 5)))
    assert t.signals_sent == 1 and t.turn.seat == "N"
    assert "J33" in t.player("N").hand, "the unplayed card went left"
    refused(t, play("S", "J33", L(12, 13, 14, 15)), "not_your_turn")


def test_a_second_signal_standing_after_the_send_is_not_sent_in_the_same_turn():
    """The card that sends A also makes H stand on another tower: still one signal."""
    s = at_turn(race(), "S")
    s = hand(s, "S", "J33", "J30")
    line = L(8, 9, 10, 11)  # row 2: both R1 and R3 (and R4, R6) see it
    s = board(s, (sig("S", "R1", "A") | sig("S", "R3", "H")) ^ line)
    t = ok(s, play("S", "J33", line))
    assert t.board & tower_mask("R3") == sig("S", "R3", "H")
    assert t.signals_sent == 1


def test_sent_from_the_first_tower_showing_it():
    """Decision 2: when several own-colour towers show the signal, R1..R6 order picks."""
    s = at_turn(race(), "S")
    s = turn(s, played=("J30",), flipped=0xFFFF)
    assert sendable_tower(board(s, sig("S", "R1", "A") | sig("S", "R3", "A"))) == T("R1")
    assert sendable_tower(board(s, sig("S", "R4", "A") | sig("S", "R3", "A"))) == T("R3")
    w = at_turn(race(("S", "W", "N")), "W")
    w = turn(w, played=("J30",), flipped=0xFFFF)
    assert sendable_tower(board(w, sig("W", "G6", "A") | sig("W", "G1", "A"))) == T("G1")


def test_at_least_one_jacquard_each_turn():
    s = at_turn(race(), "S")
    s = board(hand(s, "S", "J30", "J33"), 0)
    refused(s, end("S"), "must_play")
    ok(s, play("S", "J30", L(10, 11, 14, 15)), end("S"))


def test_no_per_turn_budget():
    s = at_turn(race(), "S")
    s = hand(s, "S", "J02", "J03", "J05", "J06")  # four dominoes: 12 stress points
    s = board(s, 0)
    for card, mask in (("J02", L(12, 13)), ("J03", L(14, 15)), ("J05", L(12, 13)), ("J06", L(14, 15))):
        s = ok(s, play("S", card, mask))
    assert s.turn.card_cost == 12
    s = ok(s, end("S"))
    assert s.post_office == 12 and s.winner is None
