"""Drawing: back up to 3, fault stamps draw Fault Report cards, empty bag takes the discards."""

from clacks_hw.game.core.values import replace

from .conftest import ED, L, T, at_turn, end, game, ok, play, player


def later_turn(hand=("J29", "J30", "J15")):
    s = game(2)
    s = player(s, "S", tower=T("R1"), hand=hand)
    s = player(s, "N", tower=T("R5"))
    return at_turn(s, "S")


def test_a_stamped_jacquard_drawn_draws_the_top_fault_card():
    assert ED.jacquards["J04"].stamp and not ED.jacquards["J01"].stamp
    s = later_turn()
    s = replace(s, bag=("J04", "J01") + tuple(c for c in s.bag if c not in ("J04", "J01")))
    top = s.fault_deck[0]
    faults = s.player("S").faults
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)))
    t = ok(s, end("S"))
    assert t.player("S").hand == ("J15", "J04", "J01")
    assert t.player("S").faults == faults + (top,)
    assert t.fault_deck == s.fault_deck[1:]


def test_two_stamps_draw_two_fault_cards_and_an_empty_fault_deck_draws_none():
    s = later_turn()
    s = replace(s, bag=("J08", "J12") + tuple(c for c in s.bag if c not in ("J08", "J12")))
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)))
    t = ok(s, end("S"))
    assert len(t.player("S").faults) == len(s.player("S").faults) + 2
    empty = replace(s, fault_deck=())
    t = ok(empty, end("S"))
    assert t.player("S").faults == s.player("S").faults
    assert t.player("S").hand == ("J15", "J08", "J12")


def test_an_empty_bag_takes_the_shuffled_discards_including_this_turns_cards():
    s = later_turn()
    s = replace(s, bag=("J01",), discard=("J02", "J03"))
    rest = 48 - 1 - 2 - 3 - len(s.player("N").hand)
    s = replace(s, discard=s.discard + tuple(
        c for c in ED.jacquards if c not in ("J01", "J02", "J03", "J29", "J30", "J15")
        and c not in s.player("N").hand)[:rest])
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    s = ok(s, play("S", "J30", L(10, 11, 14, 15)))
    assert set(s.discard) >= {"J29", "J30"}
    pool = set(s.discard)
    t = ok(s, end("S"))
    hand = t.player("S").hand
    assert hand[:2] == ("J15", "J01")
    assert hand[2] in pool
    assert t.shuffles == s.shuffles + 1 and t.discard == ()
    assert set(t.bag) == pool - {hand[2]}
    every = list(t.bag) + list(t.discard) + [c for p in t.players for c in p.hand]
    assert sorted(every) == sorted(ED.jacquards)


def test_the_reshuffle_is_seeded():
    s = later_turn()
    s = replace(s, bag=(), discard=tuple(f"J{i:02d}" for i in range(1, 11)))
    s = ok(s, play("S", "J29", L(0, 1, 4, 5)))
    a, b = ok(s, end("S")), ok(s, end("S"))
    assert a == b
