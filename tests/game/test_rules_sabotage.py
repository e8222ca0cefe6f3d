"""Last Letter Sabotage: the next player may turn the final letter's tower dark."""

from clacks_hw.game.core.values import replace

from .conftest import (
    L,
    T,
    at_turn,
    end,
    fault,
    game,
    move,
    ok,
    play,
    player,
    refused,
    sig,
)

SQ = L(1, 2, 5, 6)  # square inside R2
GAP = L(1, 9)  # a gap jacquard on R2's left column: D's two lamps from S


def final_letter_sent(variants=(), s_sabotaged=False):
    """S (GUILD) sends its final D from R2; it is now N's turn."""
    s = game(2, words={"S": "GUILD", "N": "TOWER"}, variants=variants)
    assert sig("S", "R2", "D") == GAP
    s = player(s, "S", tower=T("R2"), last_tx=T("R1"), sent=4, hand=("J29", "J30", "J31"),
               sabotaged=s_sabotaged)
    s = player(s, "N", tower=T("R5"), last_tx=T("R5"), hand=("J11", "J33", "J34"), faults=("F02",))
    s = at_turn(s, "S")
    s = replace(s, board=GAP ^ SQ, fault_deck=tuple(c for c in s.fault_deck if c != "F02"))
    return ok(s, play("S", "J29", SQ))


def test_the_final_letter_opens_the_sabotage_for_the_next_player():
    s = final_letter_sent()
    assert s.player("S").sent == 5 and s.player("S").finished
    assert s.winner is None and s.turn.seat == "N"
    assert s.sabotage == ("S", T("R2"))


def test_successful_sabotage_with_a_jacquard():
    s = final_letter_sent()
    t = ok(s, play("N", "J11", GAP))
    assert t.board & L(1, 2, 5, 6, 9, 10) == 0
    p = t.player("S")
    assert p.sent == 4 and p.sabotaged and not p.finished and p.next_signal == "D"
    assert t.sabotage is None and t.winner is None
    assert t.turn.seat == "N" and t.turn.left == 2, "the saboteur goes on with the turn"
    t = ok(t, end("N"))
    assert t.winner is None and t.turn.seat == "S"


def test_successful_sabotage_with_a_fault_card():
    s = final_letter_sent()
    t = ok(s, fault("N", "F02"))
    assert t.player("S").sent == 4 and t.player("S").sabotaged and t.winner is None


def test_the_sabotaged_sender_must_resend_from_a_different_tower():
    s = final_letter_sent()
    t = ok(ok(s, play("N", "J11", GAP)), end("N"))
    # D stands on R2 again after S's square, but R2 sent the last letter
    t = replace(t, board=t.board ^ GAP ^ SQ)
    t = player(t, "S", hand=("J29", "J30", "J31"))
    r2 = ok(t, play("S", "J30", SQ))
    assert r2.player("S").sent == 4 and r2.winner is None
    # from another tower the resent D wins at once: no second sabotage
    t = replace(t, board=sig("S", "R3", "D") ^ L(2, 3, 6, 7))
    t = ok(t, move("S", "R3"))
    won = ok(t, play("S", "J30", L(2, 3, 6, 7)))
    assert won.player("S").finished and won.winner == "S"


def test_failed_sabotage_when_the_turn_ends_the_sender_wins():
    s = final_letter_sent()
    s = ok(s, play("N", "J33", L(12, 13, 14, 15)))
    t = ok(s, end("N"))
    assert t.winner == "S" and t.over
    refused(t, play("S", "J30", SQ), "game_over", "S")


def test_the_saboteurs_own_transmission_ends_the_attempt_and_the_sender_wins():
    s = final_letter_sent()
    r2 = L(1, 2, 5, 6, 9, 10)
    letter = next(x for x in "ABCDEFGHIJKLMNOPQRSUVWXYZ" if not sig("N", "R3", x) & r2)
    line = L(3, 7, 11, 15)  # a line4 down the east column: clear of R2
    s = player(s, "N", tower=T("R3"), signals=(letter,) + tuple("OWER"))
    s = replace(s, board=GAP | (sig("N", "R3", letter) ^ line))
    t = ok(s, play("N", "J33", line))
    assert t.player("N").sent == 1
    assert t.winner == "S"


def test_failed_sabotage_on_express_timeout():
    s = final_letter_sent(variants=("express",))
    t = ok(s, replace(end("N"), act="timeout", time=60.0))
    assert t.winner == "S"


def test_quick_game_has_no_sabotage():
    s = final_letter_sent(variants=("quick",))
    assert s.sabotage is None
    assert s.finishers == ("S",)
