"""Solitaire: one player, two in hand, draws back to two, no passing; otherwise co-op."""

import pytest

from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.errors import SetupError

from .conftest import (
    ED,
    FAR,
    MESSAGE,
    L,
    at_turn,
    bag_top,
    board,
    end,
    hand,
    ok,
    play,
    ready_to_send,
    solitaire,
    unstamped_bag,
)


def test_one_player_two_in_hand_the_race_message_and_route():
    s = solitaire()
    assert s.config.seats == ("S",) and s.turn.seat == "S"
    assert s.player("S").hand_count == 2
    assert s.message == MESSAGE and s.post_office_goal == 38
    assert len(s.reports) == 4


@pytest.mark.parametrize("seats", [("S", "N"), ()])
def test_solitaire_is_one_seat(seats):
    with pytest.raises(SetupError, match="one seat"):
        new_game(ED, ClacksConfig(seats, {"team": ("AHMED", "COHEN")}, mode="solitaire"))


def test_draws_back_up_to_two_after_playing_one():
    s = board(at_turn(unstamped_bag(solitaire()), "S"), 0)
    s = bag_top(hand(s, "S", "J30", "J33"), "J19", "J21")
    s = ok(s, play("S", "J30", FAR), end("S"))
    assert s.player("S").hand == ("J33", "J19"), "the unplayed card stays: no passing"
    assert s.turn.seat == "S" and s.bag[0] == "J21"


def test_draws_back_up_to_two_after_playing_both():
    s = board(at_turn(unstamped_bag(solitaire()), "S"), 0)
    s = bag_top(hand(s, "S", "J30", "J33"), "J19", "J21")
    s = ok(s, play("S", "J30", FAR), play("S", "J33", L(12, 13, 14, 15)), end("S"))
    assert s.player("S").hand == ("J19", "J21")


def test_every_turn_is_the_players_and_the_post_office_moves():
    s = board(at_turn(unstamped_bag(solitaire()), "S", number=1), 0)
    s = hand(s, "S", "J02", "J33")
    s = ok(s, play("S", "J02", L(12, 13)), end("S"))
    assert s.turn.seat == "S" and s.turn.number == 2 and s.post_office == 3


def test_sending_and_winning_alone():
    from clacks_hw.game.core.values import replace

    s = replace(board(at_turn(unstamped_bag(solitaire()), "S"), 0), signals_sent=11)
    s = hand(s, "S", "J30", "J33")
    s = ready_to_send(s, "S", "R4", "J30", L(4, 5, 8, 9))
    s = ok(s, play("S", "J30", L(4, 5, 8, 9)))
    assert s.winner == "team" and s.signals_sent == 12


def test_solitaire_has_no_long_distance():
    with pytest.raises(SetupError, match="long_distance"):
        solitaire(variants=("long_distance",))
