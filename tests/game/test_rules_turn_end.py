"""Ending a turn: at least one jacquard, unless none can be paid for (decision 3)."""

from clacks_hw.game.core.values import replace

from .conftest import (
    ED,
    L,
    T,
    at_turn,
    end,
    game,
    move,
    ok,
    play,
    player,
    refused,
    turn,
)


def later_turn(hand, hands="tracked"):
    s = game(2, hands=hands)
    s = player(s, "S", tower=T("R1"))
    if hands == "tracked":
        s = player(s, "S", hand=hand)
    s = player(s, "N", tower=T("R5"))
    return at_turn(s, "S")


def test_a_turn_cannot_end_without_a_jacquard():
    s = later_turn(("J29", "J15", "J05"))
    refused(s, end("S"), "must_play", "jacquard")
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    t = ok(s, end("S"))
    assert t.turn.seat == "N"


def test_a_tentative_move_does_not_excuse_the_jacquard():
    # S spends 3 moving, holds only 3-point cards: it could still go back and play one.
    s = later_turn(("J05", "J06", "J07"))
    s = ok(s, move("S", "R6"))
    assert s.turn.left == 2
    refused(s, end("S"), "must_play")


def test_a_player_who_cannot_pay_for_any_jacquard_may_end():
    s = later_turn(("J05", "J06", "J07"))  # all cost 3
    s = turn(s, budget_delta=-4)  # two SEIZED GEARS: 1 point
    t = ok(s, end("S"))
    assert t.turn.seat == "N"
    assert t.player("S").hand[:3] == ("J05", "J06", "J07")


def test_an_empty_hand_may_end():
    s = later_turn(())
    t = ok(s, end("S"))
    assert len(t.player("S").hand) == 3


def test_physical_hands_may_end_only_when_no_undiscarded_jacquard_is_affordable():
    s = later_turn((), hands="physical")
    s = turn(s, budget_delta=-4)  # 1 point
    refused(s, end("S"), "must_play")
    cheap = tuple(j.id for j in ED.jacquards.values() if j.cost <= 1)
    s = replace(s, discard=cheap)
    t = ok(s, end("S"))
    assert t.turn.seat == "N"


def test_ending_draws_back_up_to_three():
    s = later_turn(("J29", "J30", "J15"))
    s = replace(s, bag=("J01", "J02", "J03") + s.bag[3:])
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)))
    bag = len(s.bag)
    t = ok(s, end("S"))
    assert t.player("S").hand == ("J15", "J01", "J02")
    assert len(t.bag) == bag - 2
    assert t.bag[0] == "J03"


def test_the_next_turn_starts_fresh():
    s = later_turn(("J29", "J30", "J15"))
    s = ok(s, move("S", "R2"))
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    t = ok(s, end("S"))
    assert t.turn.seat == "N" and t.turn.spent == 0 and t.turn.played == () and t.turn.flipped == 0
    assert t.turn.start_tower == T("R5") and t.turn.budget == 5
    assert t.turn.number == s.turn.number + 1
