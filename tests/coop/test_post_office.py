"""Every stress point moves the Post Office; it reaching Genua loses the race, even on the
turn END is sent (the tie goes to the Post Office)."""

from clacks_hw.game.core.values import replace

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
    post_office,
    race,
    ready_to_send,
    reports,
    sig,
    swap,
    unstamped_bag,
)

SQ = L(0, 1, 4, 5)


def start(seats=("S", "N")):
    s = unstamped_bag(race(seats))
    return at_turn(s, "S")


def test_every_stress_point_of_the_turn_moves_the_post_office_at_the_end_of_the_turn():
    s = hand(start(), "S", "J02", "J17")  # domino 3 + line3 2
    s = board(s, 0)
    s = ok(s, play("S", "J02", L(12, 13)))
    assert s.post_office == 0, "the Post Office moves at the end of the turn"
    s = ok(s, play("S", "J17", L(12, 13, 14)))
    s = ok(s, end("S"))
    assert s.post_office == 5 and s.stress_total == 5 and s.card_moves == 0


def test_a_failed_turn_moves_the_post_office_too():
    s = hand(start(), "S", "J30", "J31")
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)), end("S"))
    assert s.signals_sent == 0 and s.post_office == 1


def test_a_sending_turn_moves_the_post_office_by_its_points():
    s = hand(start(), "S", "J02", "J31")
    s = ready_to_send(s, "S", "R1", "J02", L(0, 1))
    s = ok(s, play("S", "J02", L(0, 1)))
    assert s.signals_sent == 1 and s.post_office == 3


def test_lifting_from_a_log_card_is_a_stress_point():
    s = reports(start(), (I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"),
                (LOG["SPARE PARTS"], "J29"), (LOG["NIGHT OWL"], "J45"))
    s = hand(s, "S", "J33", "J34")
    s = ok(s, swap("S", "J33", LOG["SPARE PARTS"], lamps=L(15)))
    s = ok(s, play("S", "J29", L(10, 11, 14, 15)), end("S"))
    assert s.stress_total == 2 and s.post_office == 2  # 1 to lift + 1 for the square


def test_the_post_office_reaching_genua_ends_the_game_at_once():
    """STORM ON THE PLAINS moves the Post Office 3 steps at once: 35 -> 38, Genua."""
    s = reports(start(), (I["STORM ON THE PLAINS"], "J01"), (I["FOG"], "J15"),
                (LOG["SPARE PARTS"], "J29"), (LOG["NIGHT OWL"], "J45"))
    s = post_office(hand(s, "S", "J33", "J34"), 35)
    s = ok(s, swap("S", "J33", I["STORM ON THE PLAINS"]))
    assert s.post_office == 38 and s.winner == "post_office" and s.over


def test_tie_end_sent_on_the_turn_the_post_office_reaches_genua_the_post_office_wins():
    s = replace(start(), signals_sent=11)
    assert s.next_signal("S") == "END"
    s = post_office(hand(s, "S", "J30", "J31"), 37)
    s = ready_to_send(s, "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.signals_sent == 12, "END was sent"
    assert s.post_office == 38
    assert s.winner == "post_office"


def test_end_sent_one_step_short_of_genua_the_team_wins():
    s = replace(start(), signals_sent=11)
    s = post_office(hand(s, "S", "J30", "J31"), 36)
    s = ready_to_send(s, "S", "R1", "J30", SQ)
    s = ok(s, play("S", "J30", SQ))
    assert s.post_office == 37 and s.winner == "team"


def test_tie_with_the_card_move_and_end_on_the_same_turn():
    """GNU OVERHEAD takes the Post Office to Genua mid-turn: END cannot rescue the team."""
    s = replace(start(), signals_sent=11)
    s = reports(s, (I["GNU OVERHEAD"], "J01"), (I["FOG"], "J15"),
                (LOG["SPARE PARTS"], "J29"), (LOG["NIGHT OWL"], "J45"))
    s = post_office(hand(s, "S", "J02", "J31"), 37)
    s = board(s, sig("S", "R1", "END") ^ L(0, 1))
    s = ok(s, swap("S", "J31", I["GNU OVERHEAD"]))
    assert s.winner == "post_office"
