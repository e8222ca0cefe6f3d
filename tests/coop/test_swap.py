"""The swap: at most once a turn, discard one, lift a jacquard with its card, apply the card
at once, play the lifted jacquard this turn. Cost: its points, +1 from a Log card, + penalties."""

import pytest

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply
from clacks_hw.game.core.registry import game_for

from .conftest import (
    LOG,
    I,
    L,
    at_turn,
    board,
    end,
    hand,
    ok,
    play,
    race,
    refused,
    reports,
    sig,
    swap,
    unstamped_bag,
)

FAR = L(10, 11, 14, 15)  # a square away from R1


def table(s):
    return reports(s, (I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"),
                   (LOG["TEA BREAK"], "J29"), (LOG["SPARE PARTS"], "J45"))


def start():
    s = at_turn(unstamped_bag(race(("S", "W", "N"))), "S")
    s = hand(table(s), "S", "J30", "J33")
    return board(s, 0)


@pytest.mark.parametrize("source, lifted, face_up", [(I["FOG"], "J01", True),
                                                     (LOG["TEA BREAK"], "J29", False)])
def test_a_swap_discards_one_and_lifts_the_jacquard_with_its_card(source, lifted, face_up):
    s = start()
    t = ok(s, swap("S", "J33", source))
    assert t.player("S").hand == ("J30", lifted)
    assert "J33" in t.discard
    assert source not in [r.card for r in t.reports] and len(t.reports) == 3
    assert t.turn.swapped and t.turn.lifted == lifted
    assert [r.face_up for r in s.reports if r.card == source] == [face_up]


def test_at_most_one_swap_a_turn():
    s = ok(start(), swap("S", "J33", I["FOG"]))
    refused(s, swap("S", "J30", I["GNU OVERHEAD"]), "swapped_already")
    s = ok(s, play("S", "J01", L(12, 13)), play("S", "J30", FAR))
    refused(s, swap("S", "J30", I["GNU OVERHEAD"]), "swapped_already")


def test_the_next_player_may_swap_again():
    s = ok(start(), swap("S", "J33", I["FOG"]), play("S", "J01", L(12, 13)), end("S"))
    assert s.turn.seat == "W" and not s.turn.swapped
    card = s.player("W").hand[0]
    ok(s, swap("W", card, I["GNU OVERHEAD"]))


def test_the_lifted_jacquard_must_be_played_this_turn():
    s = ok(start(), swap("S", "J33", I["FOG"]))
    refused(s, end("S"), "must_play_lifted")
    s2 = ok(s, play("S", "J30", FAR))  # the other card may come first
    refused(s2, end("S"), "must_play_lifted")
    ok(s2, play("S", "J01", L(12, 13)), end("S"))


def test_the_swap_needs_a_card_from_hand_and_a_card_on_the_table():
    s = start()
    refused(s, swap("S", "J02", I["FOG"]), "not_in_hand")
    refused(s, swap("S", "J33", I["STORM ON THE PLAINS"]), "not_on_table")
    refused(s, swap("S", "J33", None), "needs_source")
    refused(s, swap("W", "J33", I["FOG"]), "not_your_turn")


@pytest.mark.parametrize("source, lifted, expected", [
    (I["FOG"], "J01", 3 + 2),  # the domino's 3 points + FOG's 2 steps
    (I["GNU OVERHEAD"], "J15", 2 + 1),  # line3 2 + 1
    (LOG["TEA BREAK"], "J29", 1 + 1 + 1),  # lifting 1 + square 1 + TEA BREAK 1
    (LOG["SPARE PARTS"], "J45", 1 + 1),  # lifting 1 + corners 1
])
def test_swap_costs(source, lifted, expected):
    s = start()
    lamps = L(15) if source == LOG["SPARE PARTS"] else None
    s = ok(s, swap("S", "J33", source, lamps=lamps))
    mask = s.edition.jacquards[lifted].shape.placements[0]
    s = ok(s, play("S", lifted, mask))
    if s.turn.seat == "S":
        s = ok(s, end("S"))
    assert s.post_office == expected


def test_the_card_applies_at_once_before_the_lifted_jacquard_is_played():
    s = start()
    t = ok(s, swap("S", "J33", I["FOG"]))
    assert t.post_office == 2 and t.card_moves == 2 and t.stress_total == 0


def test_a_signal_completed_by_the_swapped_card_is_sent_once_the_lifted_jacquard_is_played():
    """Decision 1: SPARE PARTS flips the missing lamp; the signal goes when the lifted card
    (played away from the tower) has been played."""
    s = reports(start(), (I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"),
                (LOG["SPARE PARTS"], "J31"), (LOG["TEA BREAK"], "J29"))
    s = board(s, L(4))  # A on R1 from S is lamps 4 and 9
    s = ok(s, swap("S", "J33", LOG["SPARE PARTS"], lamps=L(9)))
    assert s.board & 0x0333 == sig("S", "R1", "A") and s.turn.flipped == L(9)
    assert s.signals_sent == 0 and s.turn.seat == "S", "not before the lifted card is played"
    s = ok(s, play("S", "J31", FAR))
    assert s.signals_sent == 1 and s.turn.seat == "W"


def test_a_swap_after_a_jacquard_is_allowed_and_the_lifted_one_still_must_be_played():
    s = ok(start(), play("S", "J30", FAR), swap("S", "J33", I["FOG"]))
    refused(s, end("S"), "must_play_lifted")
    ok(s, play("S", "J01", L(12, 13)), end("S"))


def physical_start():
    s = at_turn(race(hands="physical"), "S")
    return reports(s, (I["FOG"], None), (I["GNU OVERHEAD"], None),
                   (LOG["TEA BREAK"], None), (LOG["SPARE PARTS"], None))


def test_physical_swap_any_next_jacquard_counts_as_the_lifted_one():
    """Decision 11: the engine does not know the lifted jacquard in a physical game."""
    t = ok(physical_start(), swap("S", "J33", LOG["TEA BREAK"]))
    assert t.turn.lifted == "*" and t.player("S").hand_count == 2
    assert apply(t, end("S")).code == "must_play_lifted"
    t = ok(t, play("S", "J02", L(12, 13)))
    assert t.turn.lifted is None
    t = ok(t, end("S"))
    assert t.post_office == 1 + 3 + 1  # lifting, the domino, TEA BREAK


def test_the_must_play_lifted_refusal_reads_as_a_sentence():
    """Refusals are shown to players: a capital letter first, in tracked and physical games."""
    t = ok(start(), swap("S", "J33", I["FOG"]))
    refused(t, end("S"), "must_play_lifted")
    t = ok(physical_start(), swap("S", "J33", LOG["TEA BREAK"]))
    refused(t, end("S"), "must_play_lifted")


def test_physical_swap_from_an_incident_card_costs_no_lifting_point():
    t = ok(physical_start(), swap("S", "J33", I["GNU OVERHEAD"]))
    assert t.turn.card_cost == 0 and t.post_office == 1
    t = ok(t, play("S", "J17", L(12, 13, 14)), end("S"))
    assert t.post_office == 1 + 2


@pytest.mark.parametrize("card, kinds", [("I04", set()), ("I06", {"flip_tower"}), ("L02", {"flip"})])
def test_the_game_says_which_choice_a_lifted_card_needs(card, kinds):
    # FOG needs nothing, BANSHEE ON THE LINE a tower, SPARE PARTS lamps: the board asks the
    # game object rather than reading the card's effects itself.
    assert set(game_for("race").swap_choices(default_edition().cards[card])) == kinds
