"""Physical hands (docs/rules.md): the engine learns a card when it is played."""

from clacks_hw.game.core.values import replace

from .conftest import ED, L, T, at_turn, end, fault, game, ok, play, player, refused

SQ_A, SQ_B = L(0, 1, 4, 5), L(10, 11, 14, 15)


def physical_turn():
    s = game(2, hands="physical")
    s = player(s, "S", tower=T("R1"), last_tx=T("R1"))
    s = player(s, "N", tower=T("R5"))
    return at_turn(s, "S")


def test_physical_deal_counts_cards_but_knows_none():
    s = game(3, hands="physical")
    for p in s.players:
        assert p.hand == () and p.hand_count == 3
    assert s.bag == () and s.discard == ()


def test_a_played_card_is_learnt_and_discarded():
    s = physical_turn()
    t = ok(s, play("S", "J29", SQ_A))
    assert t.discard == ("J29",) and t.player("S").hand_count == 2
    assert t.board == s.board ^ SQ_A


def test_a_card_in_the_discard_pile_is_refused():
    s = replace(physical_turn(), discard=("J29", "J05"))
    refused(s, play("S", "J05", L(0, 1)), "in_discard", "J05", "discard")


def test_a_card_played_this_turn_is_refused():
    s = ok(physical_turn(), play("S", "J29", SQ_A))
    refused(s, play("S", "J29", SQ_B), "played_this_turn", "J29")


def test_drawing_tops_the_count_back_up():
    s = ok(physical_turn(), play("S", "J29", SQ_A))
    s = ok(s, play("S", "J30", SQ_B))
    t = ok(s, end("S"))
    assert t.player("S").hand_count == 3 and t.turn.seat == "N"
    assert t.discard == ("J29", "J30") and t.shuffles == 0


def test_a_reshuffle_is_inferred_when_the_bag_would_run_short():
    s = physical_turn()
    # 6 cards in hands; 41 in the discard pile leaves 1 in the bag
    held = {"J29", "J30"}
    s = replace(s, discard=tuple(c for c in ED.jacquards if c not in held)[:41])
    s = ok(s, play("S", "J29", SQ_A))  # played cards go to the discards: still 1 in the bag
    s = ok(s, play("S", "J30", SQ_B))
    t = ok(s, end("S"))
    assert t.shuffles == s.shuffles + 1 and t.discard == ()
    # after the reshuffle a card that was discarded may be played again
    t = at_turn(t, "S")
    assert ok(t, play("S", "J29", SQ_A)).discard == ("J29",)


def test_no_reshuffle_while_the_bag_has_enough():
    s = physical_turn()
    s = replace(s, discard=tuple(ED.jacquards)[:30])
    s = ok(s, play("S", "J44", L(0, 2, 8, 10)))
    t = ok(s, end("S"))
    assert t.shuffles == 0 and "J44" in t.discard


def test_any_seat_may_play_any_fault_card():
    s = physical_turn()
    t = ok(s, fault("N", "F02"))
    assert t.board == 0


def test_a_three_card_hand_cannot_play_a_fourth_jacquard():
    s = physical_turn()
    for card, mask in (("J29", SQ_A), ("J30", SQ_B), ("J33", L(12, 13, 14, 15))):
        s = ok(s, play("S", card, mask))
        assert s.turn.seat == "S"
    assert s.player("S").hand_count == 0 and s.turn.left == 2
    refused(s, play("S", "J34", L(3, 7, 11, 15)), "not_in_hand", "J34")


def test_a_physical_express_timeout_discards_only_a_real_undiscarded_jacquard():
    from clacks_hw.game.clacks.actions import Action
    s = game(2, hands="physical", variants=("express",))
    s = at_turn(player(s, "S", tower=T("R1")), "S")
    s = replace(s, discard=("J05",))
    t = ok(s, Action("S", "timeout", card="J06", time=60.0))
    assert t.discard == ("J05", "J06") and t.player("S").hand_count == 2
    refused(s, Action("S", "timeout", card="J05", time=60.0), "in_discard", "J05")
    refused(s, Action("S", "timeout", card="J99", time=60.0), "unknown_card", "J99")
    refused(s, Action("S", "timeout", card="F01", time=60.0), "not_a_jacquard", "F01")
