"""The 5-point budget for moves and jacquards together, and what a play must name."""

from clacks_hw.game.clacks.actions import Action

from .conftest import ED, L, T, at_turn, game, move, ok, play, player, refused

SQUARE = L(0, 1, 4, 5)
LINE3 = L(0, 1, 2)
DOMINO = L(0, 1)


def later_turn(hand):
    s = game(2)
    s = player(s, "S", tower=T("R1"), hand=hand)
    s = player(s, "N", tower=T("R5"))
    return at_turn(s, "S")


def test_jacquards_cost_their_stress_points():
    s = later_turn(("J29", "J15", "J05"))
    s = ok(s, play("S", "J29", SQUARE))
    assert s.turn.spent == 1
    s = ok(s, play("S", "J15", LINE3))
    assert s.turn.spent == 3 and s.turn.left == 2


def test_moves_and_jacquards_share_five_points():
    s = later_turn(("J29", "J05", "J06"))
    s = ok(s, move("S", "R3"))  # 2 points
    s = ok(s, play("S", "J05", DOMINO))  # 3 points: 5 spent
    assert s.turn.spent == 5 and s.turn.left == 0
    refused(s, play("S", "J29", SQUARE), "over_budget", "J29", "1 stress point", "0 are left")


def test_a_jacquard_over_the_budget_is_refused_quoting_card_and_numbers():
    s = later_turn(("J05", "J15", "J29"))
    s = ok(s, move("S", "R6"))  # 3 points
    r = refused(s, play("S", "J05", DOMINO), "over_budget")
    assert r.message == "J05 costs 3 stress points; 2 are left this turn."
    s = ok(s, play("S", "J15", LINE3))  # exactly the last 2 points
    assert s.turn.spent == 5


def test_five_cheap_jacquards_fit_a_sixth_does_not():
    s = later_turn(("J29", "J30", "J31", "J33", "J35", "J38"))
    for card in ("J29", "J30", "J31", "J33", "J35"):
        s = ok(s, play("S", card, ED.jacquards[card].shape.placements[0]))
        if s.turn.seat != "S":
            return  # a signal happened to be sent; the budget was still respected
    assert s.turn.spent == 5
    refused(s, play("S", "J38", ED.jacquards["J38"].shape.placements[0]), "over_budget", "J38", "0 are left")


def test_a_card_not_in_hand_is_refused_and_the_hand_is_listed():
    s = later_turn(("J29", "J15", "J05"))
    refused(s, play("S", "J30", SQUARE), "not_in_hand", "J30", "J29, J15, J05")


def test_unknown_cards_and_fault_cards_are_not_jacquards():
    s = later_turn(("J29", "J15", "J05"))
    refused(s, play("S", "J99", SQUARE), "unknown_card", "J99")
    refused(s, play("S", "F01", SQUARE), "not_a_jacquard", "F01", "OVERLOAD")
    refused(s, Action("S", "play", lamps=SQUARE), "unknown_card")


def test_a_placement_must_be_the_cards_pattern():
    s = later_turn(("J29", "J15", "J05"))
    refused(s, play("S", "J29", L(0, 1, 2, 3)), "bad_placement", "J29", "square", "0, 1, 2, 3")
    refused(s, play("S", "J05", L(0, 5)), "bad_placement", "J05", "domino", "0, 5")
    refused(s, Action("S", "play", card="J29"), "needs_lamps", "J29")


def test_a_placement_may_be_rotated_mirrored_and_shifted():
    s = later_turn(("J19",))  # ell3 (0,0)(1,0)(1,1)
    for mask in (L(0, 4, 5), L(0, 1, 4), L(10, 11, 15), L(11, 14, 15)):
        assert mask in ED.jacquards["J19"].shape.placements
    t = ok(s, play("S", "J19", L(10, 11, 15)))
    assert t.board == s.board ^ L(10, 11, 15)


def test_playing_is_xor_on_the_board_and_the_card_is_discarded():
    s = later_turn(("J29", "J15", "J05"))
    t = ok(s, play("S", "J29", SQUARE))
    assert t.board == s.board ^ SQUARE
    assert t.player("S").hand == ("J15", "J05")
    assert t.discard[-1] == "J29"
    assert t.turn.played == ("J29",)
