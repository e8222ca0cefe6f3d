"""Transmission: the next letter on the pawn's tower, flipped this turn, from a new tower;
it happens by itself and ends the turn."""

from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace

from .conftest import (
    ED,
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
    tower_lamps,
    turn,
)

SQ = L(1, 2, 5, 6)  # a square inside R2 (lamps 1,2,5,6,9,10)
FAR = L(12, 13, 14, 15)  # line4 on the south row: outside R2


def position(board, *, tower="R2", last_tx=None, hand=("J29", "J30", "J33"), sent=1):
    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    s = player(s, "S", tower=T(tower), last_tx=last_tx, hand=hand, sent=sent)
    s = player(s, "N", tower=T("R6"))
    s = at_turn(s, "S")
    return replace(s, board=board)


def test_the_letter_is_sent_as_soon_as_it_stands_and_the_turn_ends():
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R1"))
    bag = len(s.bag)
    t = ok(s, play("S", "J29", SQ))
    p = t.player("S")
    assert p.sent == 2 and p.last_tx == T("R2")
    assert t.turn.seat == "N", "the turn ends at once"
    assert len(p.hand) == 3 and len(t.bag) == bag - 1, "drew back up to 3"
    refused(t, play("S", "J30", SQ), "not_your_turn", "N", "S")


def test_no_signal_when_the_tower_shows_something_else():
    s = position(sig("S", "R2", "I") ^ SQ, last_tx=T("R1"))
    t = ok(s, play("S", "J29", SQ))
    assert t.player("S").sent == 1 and t.turn.seat == "S"


def test_a_letter_already_standing_is_not_sent_unless_one_of_its_lamps_flips():
    s = position(sig("S", "R2", "U"), last_tx=T("R1"))
    t = ok(s, play("S", "J33", FAR))  # flips no lamp of R2
    assert t.player("S").sent == 1 and t.turn.seat == "S"
    assert t.turn.flipped == FAR


def test_flipping_off_and_on_again_counts_as_flipped():
    s = position(sig("S", "R2", "U"), last_tx=T("R1"))
    t = ok(s, play("S", "J29", SQ))
    assert t.player("S").sent == 1 and t.turn.seat == "S"
    t = ok(t, play("S", "J30", SQ))  # back to U, and R2's lamps flipped this turn
    assert t.player("S").sent == 2 and t.turn.seat == "N"


def test_not_from_the_tower_of_the_previous_letter():
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R2"))
    t = ok(s, play("S", "J29", SQ))
    assert t.board & tower_lamps("R2") == sig("S", "R2", "U")
    assert t.player("S").sent == 1 and t.turn.seat == "S"


def test_staying_on_a_tower_where_you_only_tried_is_fine():
    # last letter went from R1; S failed on R2 last turn and stays there
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R1"))
    assert s.turn.start_tower == T("R2")
    t = ok(s, play("S", "J29", SQ))
    assert t.player("S").sent == 2


def test_after_sending_the_player_moves_on_to_send_the_next():
    s = position(sig("S", "R1", "U") ^ L(0, 1, 4, 5), tower="R2", last_tx=T("R2"))
    s = ok(s, move("S", "R1"))
    t = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    assert t.player("S").sent == 2 and t.player("S").last_tx == T("R1")


def test_nothing_is_sent_from_the_start_button():
    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    s = player(s, "S", signals=("U",) + tuple("UILD"), hand=("J29", "J30", "J33"))
    s = replace(s, board=sig("S", "R2", "U") ^ SQ)
    t = ok(s, play("S", "J29", SQ))
    assert t.player("S").tower is None and t.player("S").sent == 0


def test_a_fault_card_alone_does_not_send_but_completes_a_letter_after_a_jacquard():
    one_off = sig("S", "R2", "U") ^ L(9)
    # Before any jacquard: SPARE SHUTTER completes the pattern, nothing is sent.
    s = position(one_off, last_tx=T("R1"))
    s = player(s, "S", faults=("F03",))
    t = ok(s, fault("S", "F03", lamps=L(9)))
    assert t.player("S").sent == 1 and t.turn.seat == "S"
    # After a jacquard that leaves one lamp wrong, the same card sends the letter.
    s = position(one_off ^ SQ, last_tx=T("R1"))
    s = player(s, "S", faults=("F03",))
    s = ok(s, play("S", "J29", SQ))
    assert s.player("S").sent == 1
    t = ok(s, fault("S", "F03", lamps=L(9)))
    assert t.player("S").sent == 2 and t.turn.seat == "N"


def test_another_players_fault_card_can_complete_the_current_players_letter():
    one_off = sig("S", "R2", "U") ^ L(9)
    s = position(one_off ^ SQ, last_tx=T("R1"))
    s = player(s, "N", faults=("F04",))
    s = ok(s, play("S", "J29", SQ))
    t = ok(s, fault("N", "F04", lamps=L(9)))
    assert t.player("S").sent == 2 and t.player("N").sent == 0


def test_end_after_a_failed_attempt_keeps_the_letter_to_send():
    s = position(sig("S", "R2", "I") ^ SQ, last_tx=T("R1"))
    t = ok(ok(s, play("S", "J29", SQ)), end("S"))
    assert t.player("S").sent == 1 and t.player("S").next_signal == "U"
    assert t.player("S").last_tx == T("R1")


def test_the_towers_the_next_letter_may_go_from_leave_out_the_tower_of_the_previous_one():
    """docs/rules.md, 5.3: "you did not send your previous letter from this tower". The towers
    every view names for the next letter (the play page's "send it from", the hints) are the
    rules' own, so the one the rules forbid is never among them."""
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R2"))  # the pawn on R2, the G sent from R2
    towers = s.config.game.send_towers(s, "S")
    assert T("R2") not in towers
    assert T("R6") not in towers  # N's pawn stands there: S may pass, not stop
    assert sorted(towers) == sorted(T(n) for n in ("R1", "R3", "R4", "R5"))
    t = ok(s, move("S", "R1"))  # a tentative move: the towers are still counted from R2
    assert sorted(t.config.game.send_towers(t, "S")) == sorted(towers)
    t = ok(t, play("S", "J33", FAR))  # after a jacquard the pawn stays: only where it stands
    assert t.config.game.send_towers(t, "S") == [T("R1")]

    from clacks_hw.play.page_json import play_json
    from clacks_hw.web.snapshot import StatusSnapshot

    page = play_json(StatusSnapshot(seq=1, screen="game", state=s, actions=3), None, humans=("S", "N"))
    assert page["next"]["S"]["towers"] == ["R1", "R3", "R4", "R5"]  # the play page's "send it from"


def test_staying_where_you_only_tried_keeps_that_tower_among_them():
    s = position(sig("S", "R2", "U") ^ SQ, last_tx=T("R1"))
    assert T("R2") in s.config.game.send_towers(s, "S") and T("R1") not in s.config.game.send_towers(s, "S")
    s = turn(s, budget_delta=-4)  # SEIZED GEARS twice: 1 point left: R4, two buttons off, is out of reach
    assert sorted(s.config.game.send_towers(s, "S")) == [T("R2"), T("R3"), T("R5")]
    s = turn(s, budget_delta=-5)  # no point left to move with
    assert s.config.game.send_towers(s, "S") == [T("R2")]


def test_the_seat_not_to_act_may_send_only_from_where_its_pawn_stands_unless_it_sent_from_there():
    s = position(0, last_tx=T("R1"))
    s = player(s, "N", last_tx=T("R6"))
    assert s.config.game.send_towers(s, "N") == []
    assert s.config.game.send_towers(player(s, "N", last_tx=T("R3")), "N") == [T("R6")]


def test_every_other_mode_lets_the_next_letter_go_from_the_last_letters_tower():
    """docs/coop.md: the team games have no "not from the same tower" rule, and in the Junior
    Race "you may send again from the same tower"."""
    from clacks_hw.commands.demo_cmd import demo_config

    for mode, players in (("race", 4), ("solitaire", 1), ("junior_race", 2)):
        s = new_game(ED, demo_config(ED, mode, players, 3, "easy", ()))
        seat = s.turn.seat
        last = T("R1") if seat in "SN" else T("G1")
        s = player(s, seat, last_tx=last)
        towers = s.config.game.send_towers(s, seat)
        assert last in towers and len(towers) == 6, mode
