"""Each of the 8 Operator's Log cards, applied by a swap of the jacquard lying on it."""

import pytest

from .conftest import (
    ED,
    LOG,
    I,
    L,
    at_turn,
    bag_top,
    board,
    end,
    hand,
    ok,
    play,
    race,
    refused,
    reports,
    swap,
    turn,
    unstamped_bag,
)

FAR = L(10, 11, 14, 15)


def table(card, lifted="J31", on_board=0):
    s = at_turn(unstamped_bag(race(("S", "W", "N"))), "S")
    other = LOG["TEA BREAK"] if card != LOG["TEA BREAK"] else LOG["INSPECTION"]
    s = reports(s, (I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"), (card, lifted), (other, "J45"))
    return board(hand(s, "S", "J30", "J02"), on_board)


def test_all_eight_log_cards_are_in_the_edition():
    assert sorted(LOG) == sorted(["GARGOYLE ON SHIFT", "SPARE PARTS", "DOUBLE SHIFT", "TEA BREAK",
                                  "QUIET SHIFT", "MISSED SIGNAL", "NIGHT OWL", "INSPECTION"])
    assert len(ED.deck("log")) == 8


def test_gargoyle_on_shift_the_post_office_moves_at_most_two():
    s = ok(table(LOG["GARGOYLE ON SHIFT"]), swap("S", "J30", LOG["GARGOYLE ON SHIFT"]))
    s = ok(s, play("S", "J31", FAR), play("S", "J02", L(12, 13)), end("S"))
    assert s.stress_total == 1 + 1 + 3, "the stress is spent"
    assert s.post_office == 2, "but the Post Office moves only 2"


def test_gargoyle_does_not_raise_a_smaller_move():
    s = ok(table(LOG["GARGOYLE ON SHIFT"]), swap("S", "J02", LOG["GARGOYLE ON SHIFT"]))
    assert s.turn.card_cost == 1
    s = ok(s, play("S", "J31", FAR), end("S"))
    assert s.post_office == 2  # 1 lifting + 1 square: at most 2 anyway


@pytest.mark.parametrize("name", ["SPARE PARTS", "NIGHT OWL"])
def test_flip_one_lamp_of_your_choice(name):
    s = table(LOG[name])
    refused(s, swap("S", "J30", LOG[name]), "needs_lamps")
    refused(s, swap("S", "J30", LOG[name], lamps=L(0, 1)), "needs_lamps")
    for lamp in (0, 7, 15):
        t = ok(s, swap("S", "J30", LOG[name], lamps=L(lamp)))
        assert t.board == L(lamp) and t.turn.flipped == L(lamp)
        assert t.post_office == 0 and t.turn.card_cost == 1


def test_double_shift_draws_one_extra_jacquard():
    s = bag_top(table(LOG["DOUBLE SHIFT"]), "J19", "J21", "J22")
    s = ok(s, swap("S", "J30", LOG["DOUBLE SHIFT"]))
    assert s.player("S").hand == ("J02", "J31", "J19")
    assert s.post_office == 0


@pytest.mark.parametrize("name, steps", [("TEA BREAK", 1), ("INSPECTION", 2)])
def test_post_office_log_cards(name, steps):
    s = ok(table(LOG[name]), swap("S", "J30", LOG[name]))
    assert s.post_office == steps and s.card_moves == steps
    s = ok(s, play("S", "J31", FAR), end("S"))
    assert s.post_office == steps + 2 and s.stress_total == 2


def test_quiet_shift_two_fewer_steps_this_turn():
    s = ok(table(LOG["QUIET SHIFT"]), swap("S", "J30", LOG["QUIET SHIFT"]))
    s = ok(s, play("S", "J31", FAR), play("S", "J02", L(12, 13)), end("S"))
    assert s.stress_total == 5 and s.post_office == 3


def test_quiet_shift_never_moves_the_post_office_back():
    s = table(LOG["QUIET SHIFT"])
    s = turn(s, po_discount=2)  # OILED GEARS revealed before this turn
    s = ok(s, swap("S", "J30", LOG["QUIET SHIFT"]), play("S", "J31", FAR), end("S"))
    assert s.stress_total == 2 and s.post_office == 0


def test_missed_signal_turns_every_lamp_off():
    s = ok(table(LOG["MISSED SIGNAL"], on_board=0x0F0F), swap("S", "J30", LOG["MISSED SIGNAL"]))
    assert s.board == 0 and s.turn.flipped == 0x0F0F and s.post_office == 0
