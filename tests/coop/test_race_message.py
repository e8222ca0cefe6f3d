"""The Race to Genua's message and routes: word 1, SPACE, word 2, END; 38 or 34 steps."""

import pytest

from clacks_hw.game.core.errors import SetupError

from .conftest import (
    MESSAGE,
    L,
    at_turn,
    end,
    hand,
    ok,
    play,
    post_office,
    race,
    ready_to_send,
    refused,
    solitaire,
    unstamped_bag,
)

SQ = L(0, 1, 4, 5)  # a square inside R1 (rows 0-2, cols 0-1)


def test_two_words_make_twelve_signals_with_space_and_end():
    s = race()
    assert s.message == MESSAGE
    assert len(s.message) == 12 and s.message[5] == "SPACE" and s.message[-1] == "END"
    assert s.signals_sent == 0 and s.next_signal("S") == "A" and s.next_signal("N") == "A"


def test_the_team_sends_the_twelve_signals_in_order_and_wins_on_end():
    s = unstamped_bag(race())
    seats = ("S", "N")
    for k, signal in enumerate(MESSAGE):
        seat = seats[k % 2]
        assert s.next_signal(seat) == signal
        s = at_turn(s, seat, number=k + 1)
        s = hand(s, seat, "J30", "J31")
        s = ready_to_send(s, seat, "R1" if seat == "S" else "R6", "J30", SQ if seat == "S" else L(10, 11, 14, 15))
        s = ok(s, play(seat, "J30", SQ if seat == "S" else L(10, 11, 14, 15)))
        assert s.signals_sent == k + 1
        assert (s.winner == "team") == (k == 11), f"after signal {k + 1}"
    assert s.post_office == 12  # one square (1 point) a turn
    assert s.over and refused(s, end("S"), "game_over")


@pytest.mark.parametrize("route, goal", [("easy", 38), ("hard", 34)])
def test_route_lengths(route, goal):
    assert race(route=route).post_office_goal == goal
    assert solitaire(route=route).post_office_goal == goal


@pytest.mark.parametrize("route, goal", [("easy", 38), ("hard", 34)])
def test_the_post_office_wins_exactly_when_it_reaches_genua(route, goal):
    s = race(route=route)
    for before, lost in ((goal - 2, False), (goal - 1, True)):
        t = at_turn(s, "S")
        t = hand(t, "S", "J30", "J31")
        t = post_office(t, before)
        t = ok(t, play("S", "J30", SQ), end("S"))
        assert t.post_office == before + 1
        assert (t.winner == "post_office") is lost


def test_an_unknown_route_is_refused():
    with pytest.raises(SetupError, match="route"):
        race(route="scenic")


def test_the_team_needs_two_words():
    with pytest.raises(SetupError, match="2 words"):
        race(words=("AHMED",))
