"""The competitive variants: Express, Long Message, Quick Game."""

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.core.values import replace

from .conftest import L, T, at_turn, end, game, move, ok, play, player, refused, sig


def express_turn(hand=("J29", "J30", "J15")):
    s = game(2, variants=("express",))
    s = player(s, "S", tower=T("R1"), hand=hand, last_tx=T("R1"))
    s = player(s, "N", tower=T("R5"))
    return at_turn(s, "S")


def timeout(seat, card=None, time=60.0):
    return Action(seat, "timeout", card=card, time=time)


# --- Express ----------------------------------------------------------------------------

def test_express_actions_after_sixty_seconds_are_refused():
    s = express_turn()
    refused(s, move("S", "R2", time=61.0), "time_up", "60 s", "61 s")
    refused(s, play("S", "J29", L(0, 1, 4, 5), time=75.5), "time_up", "75.5 s")
    refused(s, end("S", time=60.5), "time_up", "60.5")
    assert ok(s, move("S", "R2", time=60.0)).player("S").tower == T("R2")


def test_express_timeout_after_a_jacquard_ends_the_turn_with_the_usual_draw():
    s = express_turn()
    s = ok(s, play("S", "J29", L(0, 1, 4, 5), time=12.0))
    t = ok(s, timeout("S"))
    assert t.turn.seat == "N"
    assert len(t.player("S").hand) == 3


def test_express_timeout_without_a_jacquard_discards_the_named_card_and_draws_none():
    s = express_turn()
    bag = s.bag
    t = ok(s, timeout("S", "J30"))
    assert t.turn.seat == "N"
    assert t.player("S").hand == ("J29", "J15")
    assert t.discard[-1] == "J30" and t.bag == bag


def test_express_timeout_without_a_named_card_discards_the_first_in_hand():
    s = express_turn()
    t = ok(s, timeout("S"))
    assert t.player("S").hand == ("J30", "J15") and t.discard[-1] == "J29"


def test_express_timeout_checks_seat_time_and_card():
    s = express_turn()
    refused(s, timeout("S", time=30.0), "too_early", "60 s", "30 s")
    refused(s, timeout("N"), "not_your_turn", "S")
    refused(s, timeout("S", "J44"), "not_in_hand", "J44")


def test_no_timer_outside_express():
    s = game(2)
    refused(s, timeout("S"), "not_express", "Express")
    assert ok(s, move("S", "R2", time=500.0)).player("S").tower == T("R2")


# --- Long Message -----------------------------------------------------------------------

def test_long_message_sends_word_space_word_end():
    s = game(2, words={"S": ("GUILD", "TOWER"), "N": ("ADORA", "VIMES")}, variants=("long_message",))
    assert s.player("S").signals == tuple("GUILD") + ("SPACE",) + tuple("TOWER") + ("END",)
    assert len(s.player("N").signals) == 12


def _send_next(s, seat, tower, sq):
    s = replace(s, board=sig(seat, tower, s.player(seat).next_signal) ^ sq)
    return ok(s, play(seat, "J29", sq))


def test_long_message_space_and_end_are_transmitted_like_letters():
    s = game(2, words={"S": ("GUILD", "TOWER"), "N": ("ADORA", "VIMES")}, variants=("long_message",))
    s = player(s, "S", tower=T("R2"), last_tx=T("R1"), sent=5, hand=("J29", "J30", "J31"))
    s = player(s, "N", tower=T("R6"))
    s = at_turn(s, "S")
    assert s.player("S").next_signal == "SPACE"
    t = _send_next(s, "S", "R2", L(1, 2, 5, 6))
    assert t.player("S").sent == 6 and t.player("S").next_signal == "T"
    s = player(s, "S", sent=11)
    assert s.player("S").next_signal == "END"
    t = _send_next(s, "S", "R2", L(1, 2, 5, 6))
    assert t.player("S").finished and t.sabotage == ("S", T("R2"))


def test_long_message_first_player_compares_first_word_then_second():
    s = game(2, words={"S": ("GUILD", "TOWER"), "N": ("GUILD", "ADORA")}, variants=("long_message",))
    assert s.turn.seat == "N"
    s = game(2, words={"S": ("GROAT", "TOWER"), "N": ("GUILD", "ADORA")}, variants=("long_message",))
    assert s.turn.seat == "S"


# --- Quick Game -------------------------------------------------------------------------

def quick(words):
    s = game(2, words=words, variants=("quick",))
    s = player(s, "S", tower=T("R1"), last_tx=T("R4"), sent=4, hand=("J29", "J30", "J31"))
    s = player(s, "N", tower=T("R6"), last_tx=T("R4"), sent=4, hand=("J29", "J30", "J31"))
    return at_turn(s, s.turn.seat)


SQUARES = {"R1": L(0, 1, 4, 5), "R2": L(1, 2, 5, 6), "R3": L(2, 3, 6, 7),
           "R5": L(9, 10, 13, 14), "R6": L(10, 11, 14, 15)}


def finish(s, seat, tower=None):
    """``seat`` moves (if asked), then sends its last letter with a 1-point square."""
    if tower is not None:
        s = ok(s, move(seat, tower))
    here = TOWERS[s.player(seat).tower].name
    s = _send_next(s, seat, here, SQUARES[here])
    assert s.player(seat).finished
    return s


def no_finish(s, seat):
    s = ok(s, play(seat, "J29", L(0, 1, 4, 5) if seat == "N" else L(10, 11, 14, 15)))
    if s.turn.seat == seat:
        s = ok(s, end(seat))
    return s


def test_quick_game_plays_the_round_out_then_the_finisher_wins():
    s = quick({"S": "ADORA", "N": "GUILD"})  # S starts the round
    s = finish(s, "S")
    assert s.winner is None and s.turn.seat == "N"
    s = no_finish(s, "N")
    assert s.winner == "S"


def test_quick_game_ends_when_the_last_player_of_the_round_finishes():
    s = quick({"S": "GUILD", "N": "ADORA"})  # N starts, S is last in the round
    s = no_finish(s, "N")
    s = finish(s, "S")
    assert s.winner == "S"


def test_quick_game_fewest_stress_points_on_the_finishing_turn_wins():
    s = quick({"S": "ADORA", "N": "GUILD"})
    s = finish(s, "S", "R3")  # 2 + 1 points
    assert s.player("S").last_turn_cost == 3
    s = finish(s, "N", "R5")  # 1 + 1 points
    assert s.player("N").last_turn_cost == 2
    assert s.winner == "N"


def test_quick_game_tie_goes_to_the_word_first_alphabetically():
    s = quick({"S": "GUILD", "N": "ADORA"})  # N starts
    s = finish(s, "N", "R5")  # 2 points
    assert s.winner is None
    s = finish(s, "S", "R2")  # 2 points
    assert s.winner == "N"
    s = quick({"S": "ADORA", "N": "GUILD"})
    s = finish(s, "S", "R2")
    s = finish(s, "N", "R5")
    assert s.winner == "S"
