"""The race's hands: two at the start of a turn; pass the unplayed one left, or draw one and
pass it if both were played; draw one to keep. The first player starts with two."""

import pytest

from .conftest import L, bag_top, board, end, hand, ok, play, race, unstamped_bag


@pytest.mark.parametrize("seats", [("S", "N"), ("S", "W", "N"), ("S", "W", "N", "E")])
def test_the_deal_each_player_one_the_first_player_one_more(seats):
    s = race(seats)
    assert s.turn.seat == "S" and s.first == "S"
    assert {p.seat: p.hand_count for p in s.players} == {x: 2 if x == "S" else 1 for x in seats}
    for p in s.players:
        assert len(p.hand) == p.hand_count


def test_played_one_passes_the_other_left_then_draws_one_to_keep():
    s = unstamped_bag(race(("S", "W", "N")))
    s = hand(s, "S", "J30", "J33")
    s = hand(s, "W", "J31")
    s = bag_top(s, "J19", "J21")
    s = board(s, 0)
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)), end("S"))
    assert s.player("S").hand == ("J19",), "S drew one to keep"
    assert sorted(s.player("W").hand) == ["J31", "J33"], "the unplayed one went left to W"
    assert s.player("N").hand_count == 1
    assert s.turn.seat == "W" and s.player("W").hand_count == 2, "two at the start of a turn"
    assert s.bag[0] == "J21"


def test_played_both_draws_one_to_pass_left_then_one_to_keep():
    s = unstamped_bag(race(("S", "W", "N")))
    s = hand(s, "S", "J30", "J33")
    s = hand(s, "W", "J31")
    s = bag_top(s, "J19", "J21", "J22")
    s = board(s, 0)
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)), play("S", "J33", L(12, 13, 14, 15)))
    s = ok(s, end("S"))
    assert s.player("W").hand == ("J31", "J19"), "the first draw went left"
    assert s.player("S").hand == ("J21",), "the second draw was kept"
    assert s.bag[0] == "J22"


def test_turns_go_clockwise_and_every_turn_starts_with_two():
    s = unstamped_bag(race(("S", "W", "N", "E")))
    s = board(s, 0)
    order = []
    for _ in range(8):
        seat = s.turn.seat
        order.append(seat)
        p = s.player(seat)
        assert p.hand_count == 2, f"{seat} starts its turn with {p.hand_count}"
        card = p.hand[0]
        mask = s.edition.jacquards[card].shape.placements[-1]
        s = ok(s, play(seat, card, mask))
        if s.turn.seat == seat:
            s = ok(s, end(seat))
        assert s.player(seat).hand_count == 1, "a turn ends with one in hand"
    assert order == ["S", "W", "N", "E"] * 2


def test_two_players_pass_to_each_other():
    s = unstamped_bag(race(("S", "N")))
    s = hand(s, "S", "J30", "J33")
    s = board(s, 0)
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)), end("S"))
    assert "J33" in s.player("N").hand and s.turn.seat == "N"


@pytest.mark.parametrize("first", ["S", "W", "N", "E"])
def test_the_first_player_is_configurable(first):
    s = race(("S", "W", "N", "E"), first=first)
    assert s.turn.seat == first and s.first == first
    assert s.player(first).hand_count == 2
    assert sum(p.hand_count for p in s.players) == 5


def test_the_first_player_defaults_to_the_first_seat_listed():
    assert race(("S", "W", "N")).turn.seat == "S"


def test_a_first_player_who_is_not_playing_is_refused():
    from clacks_hw.game.core.errors import SetupError

    with pytest.raises(SetupError, match="first player"):
        race(("S", "N"), first="W")
