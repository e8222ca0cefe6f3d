"""The Junior Race: two players at right angles, two words each with SPACE and END, each
signal moves that player's pawn, no budget, no need to change towers, hands of 4, Fault
Report cards on landing on towers 3, 6 and 9, first to Genua wins (decision 8)."""

import pytest

from clacks_hw.game.core.errors import SetupError
from clacks_hw.game.core.values import replace
from clacks_hw.views.position_json import position_json

from .conftest import (
    ED,
    FAR,
    L,
    at_turn,
    bag_top,
    board,
    end,
    fault,
    fault_top,
    hand,
    junior,
    ok,
    play,
    ready_to_send,
    refused,
    sig,
    swap,
    unstamped_bag,
)

SQ = L(0, 1, 4, 5)  # inside R1 and, for W, inside G1


@pytest.mark.parametrize("seats", [("S", "W"), ("S", "E"), ("N", "W"), ("W", "N"), ("E", "S")])
def test_two_players_at_right_angles(seats):
    s = junior(seats)
    assert {p.seat for p in s.players} == set(seats)


@pytest.mark.parametrize("seats", [("S", "N"), ("W", "E"), ("S",), ("S", "W", "N")])
def test_other_seatings_are_refused(seats):
    with pytest.raises(SetupError, match="right angles"):
        junior(seats, words={s: ("AHMED", "COHEN") for s in seats})


def test_each_player_sends_two_words_with_space_and_end():
    s = junior()
    assert s.player("S").signals == tuple("AHMED") + ("SPACE",) + tuple("COHEN") + ("END",)
    assert s.player("W").signals == tuple("BINKY") + ("SPACE",) + tuple("DEATH") + ("END",)
    assert s.message == () and s.post_office_goal == 0


def test_first_player_is_the_first_word_alphabetically():
    assert junior().turn.seat == "S"
    s = junior(words={"S": ("TOWER", "TROLL"), "W": ("BINKY", "DEATH")})
    assert s.turn.seat == "W"


def test_routes_first_seat_listed_takes_the_route_the_other_the_other():
    for route, other in (("easy", "hard"), ("hard", "easy")):
        out = position_json(junior(route=route))
        assert out["players"]["S"]["route"] == route and out["players"]["W"]["route"] == other


def test_hands_of_four_drawn_back_to_four_no_passing():
    s = junior()
    assert [p.hand_count for p in s.players] == [4, 4]
    s = board(at_turn(unstamped_bag(s), "S"), 0)
    s = hand(s, "S", "J30", "J33", "J02", "J03")
    w_before = s.player("W").hand
    s = bag_top(s, "J19", "J21", "J22")
    s = ok(s, play("S", "J30", FAR), play("S", "J02", L(12, 13)), end("S"))
    assert s.player("S").hand == ("J33", "J03", "J19", "J21")
    assert s.player("W").hand == w_before


def test_no_budget_and_no_post_office():
    s = board(at_turn(unstamped_bag(junior()), "S"), 0)
    s = hand(s, "S", "J02", "J03", "J05", "J06")
    for card, mask in (("J02", L(12, 13)), ("J03", L(14, 15)), ("J05", L(12, 13)), ("J06", L(14, 15))):
        s = ok(s, play("S", card, mask))
    s = ok(s, end("S"))
    assert s.post_office == 0 and s.winner is None


def test_each_signal_moves_that_players_pawn_one_tower():
    s = at_turn(unstamped_bag(junior()), "S")
    s = ready_to_send(hand(s, "S", "J30", "J33", "J31", "J34"), "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.player("S").sent == 1 and s.player("W").sent == 0
    assert s.turn.seat == "W", "sending ends the turn"
    out = position_json(s)
    assert out["players"]["S"]["tower"] == 1 and out["players"]["W"]["tower"] == 0
    assert s.next_signal("S") == "H" and s.next_signal("W") == "B"


def test_the_green_player_reads_green_towers_from_their_seat():
    s = at_turn(unstamped_bag(junior()), "W")
    s = ready_to_send(hand(s, "W", "J30", "J33", "J31", "J34"), "W", "G1", "J30", SQ, "B")
    s = ok(s, play("W", "J30", SQ))
    assert s.player("W").sent == 1


def test_no_need_to_change_towers():
    s = at_turn(unstamped_bag(junior()), "S")
    s = ready_to_send(hand(s, "S", "J30", "J33", "J31", "J34"), "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    s = at_turn(s, "S", number=7)
    s = ready_to_send(hand(s, "S", "J31", "J33", "J30", "J34"), "S", "R1", "J31", SQ)
    s = ok(s, play("S", "J31", SQ))
    assert s.player("S").sent == 2


def test_no_swaps_in_the_junior_race():
    s = junior()
    refused(s, swap("S", s.player("S").hand[0], "I01"), "not_in_mode")


def landing(sent_before, *faults, seats=("S", "W")):
    """S sends its signal number ``sent_before + 1``; the fault deck starts with ``faults``."""
    s = junior(seats)
    s = s.with_player(replace(s.player("S"), sent=sent_before))
    s = at_turn(unstamped_bag(s), "S")
    s = fault_top(hand(s, "S", "J30", "J33", "J31", "J34"), *faults)
    s = ready_to_send(s, "S", "R1", "J30", SQ)
    return s, ok(s, play("S", "J30", SQ))


@pytest.mark.parametrize("tower", [3, 6, 9])
def test_landing_on_3_6_9_reveals_a_fault_card_after_the_turn(tower):
    before, s = landing(tower - 1, "F02")
    assert s.player("S").sent == tower
    assert s.turn.seat == "W" and s.board == 0
    assert s.fault_deck[-1] == "F02"


@pytest.mark.parametrize("tower", [1, 2, 4, 5, 7, 8, 10, 11])
def test_other_towers_reveal_nothing(tower):
    before, s = landing(tower - 1, "F02")
    assert s.player("S").sent == tower and s.board != 0 and s.fault_deck == before.fault_deck


def test_a_fault_card_needing_a_choice_waits_for_the_lander():
    _, s = landing(2, "F03")
    assert s.pending == ("F03",) and s.pending_seat == "S"
    t = ok(s, fault("S", "F03", lamps=L(15)))
    assert t.board == s.board ^ L(15)


@pytest.mark.parametrize("card", ["F11", "F12"])
def test_emergency_repair_and_clacks_technician_do_nothing(card):
    before, s = landing(5, card, "F01", "F02")
    assert s.shield == () and s.pending == ()
    assert s.board == before.board ^ SQ, "nothing else revealed or applied"
    assert s.fault_deck[0] == "F01"


def test_seized_gears_moves_no_post_office_in_the_junior_race():
    _, s = landing(8, "F07")
    assert s.post_office == 0 and s.winner is None


def test_first_to_genua_wins():
    s = junior()
    s = s.with_player(replace(s.player("S"), sent=11))
    s = s.with_player(replace(s.player("W"), sent=11))
    s = at_turn(unstamped_bag(s), "S")
    assert s.next_signal("S") == "END"
    s = ready_to_send(hand(s, "S", "J30", "J33", "J31", "J34"), "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.winner == "S" and s.player("S").sent == 12
    assert s.over


def test_a_junior_game_with_short_words_can_still_be_won():
    """Owners may add words of other lengths. The game must either refuse them or let the
    player who sends END win; it must never go on with nothing left to send."""
    words = {"S": ("TEA", "CAT"), "W": ("BINKY", "DEATH")}
    try:
        s = junior(words=words)
    except SetupError:
        return
    s = s.with_player(replace(s.player("S"), sent=len(s.player("S").signals) - 1))
    s = at_turn(unstamped_bag(s), "S")
    assert s.next_signal("S") == "END"
    s = ready_to_send(hand(s, "S", "J30", "J33", "J31", "J34"), "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.winner == "S"


def test_junior_physical_landing_waits_for_the_tapped_card():
    s = junior(hands="physical")
    s = s.with_player(replace(s.player("S"), sent=2))
    s = at_turn(s, "S")
    s = board(s, sig("S", "R1", s.next_signal("S")) ^ SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.pending == (None,) and s.pending_seat == "S"
    t = ok(s, fault("S", "F01"))
    assert t.board == 0xFFFF and t.pending == ()
    assert ED.cards["F01"].name == "OVERLOAD"
