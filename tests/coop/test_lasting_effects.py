"""Effects that last end exactly on time: CHARACTER SABOTAGE for one full round (decision 5),
GARGOYLE ON SHIFT and QUIET SHIFT this turn, WORKERS' STRIKE the next player only."""

from .conftest import (
    ED,
    FAR,
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
    solitaire,
    swap,
    unstamped_bag,
)

OTHER = L(12, 13, 14, 15)


def table(s, card):
    spare = [c for c in (I["FOG"], I["GNU OVERHEAD"]) if c != card][0]
    if card.startswith("I"):
        specs = ((card, "J01"), (spare, "J15"), (LOG["TEA BREAK"], "J29"), (LOG["NIGHT OWL"], "J45"))
    else:
        log2 = LOG["TEA BREAK"] if card != LOG["TEA BREAK"] else LOG["INSPECTION"]
        specs = ((I["FOG"], "J01"), (I["GNU OVERHEAD"], "J15"), (card, "J31"), (log2, "J45"))
    return reports(s, *specs)


def three(number=5):
    s = at_turn(unstamped_bag(race(("S", "W", "N"))), "S", number=number)
    return board(s, 0)


def two_cards(s, seat, a="J30", b="J33"):
    return hand(s, seat, a, b)


def test_character_sabotage_lasts_one_full_round_from_the_swap():
    s = two_cards(table(three(), I["CHARACTER SABOTAGE"]), "S")
    s = ok(s, swap("S", "J33", I["CHARACTER SABOTAGE"]))
    refused(s, play("S", "J30", FAR), "must_play_lifted")  # S's one jacquard is the lifted one
    s = ok(s, play("S", "J01", L(12, 13)))
    refused(s, play("S", "J30", FAR), "one_jacquard")
    s = ok(s, end("S"))
    for seat in ("W", "N"):  # every other player's turn: one jacquard
        assert s.turn.seat == seat
        s = two_cards(s, seat, "J31", "J34")
        s = ok(s, play(seat, "J31", FAR))
        refused(s, play(seat, "J34", OTHER), "one_jacquard")
        s = ok(s, end(seat))
    assert s.turn.seat == "S", "the round is over when the swapping player's turn begins"
    s = two_cards(s, "S", "J31", "J34")
    s = ok(s, play("S", "J31", FAR), play("S", "J34", OTHER))
    assert s.turn.played == ("J31", "J34")


def test_character_sabotage_a_later_player_may_swap_first_and_play_only_the_lifted_one():
    s = two_cards(table(three(), I["CHARACTER SABOTAGE"]), "S")
    s = ok(s, swap("S", "J33", I["CHARACTER SABOTAGE"]), play("S", "J01", L(12, 13)), end("S"))
    s = two_cards(s, "W", "J31", "J34")
    after_play = ok(s, play("W", "J31", FAR))
    refused(after_play, swap("W", "J34", I["FOG"]), "one_jacquard")
    s = ok(s, swap("W", "J34", I["FOG"]))
    refused(s, play("W", "J31", FAR), "must_play_lifted")
    ok(s, play("W", "J15", L(12, 13, 14)), end("W"))


def test_character_sabotage_in_a_two_player_race_lasts_two_turns():
    s = at_turn(unstamped_bag(race(("S", "N"))), "S", number=9)
    s = two_cards(table(board(s, 0), I["CHARACTER SABOTAGE"]), "S")
    s = ok(s, swap("S", "J33", I["CHARACTER SABOTAGE"]), play("S", "J01", L(12, 13)), end("S"))
    s = two_cards(s, "N", "J31", "J34")
    refused(ok(s, play("N", "J31", FAR)), play("N", "J34", OTHER), "one_jacquard")
    s = ok(s, play("N", "J31", FAR), end("N"))
    s = two_cards(s, "S", "J31", "J34")
    ok(s, play("S", "J31", FAR), play("S", "J34", OTHER))


def test_character_sabotage_solitaire_one_turn_more():
    """One full round of a one-player game: until the player's next turn begins."""
    s = board(at_turn(unstamped_bag(solitaire()), "S"), 0)
    s = two_cards(table(s, I["CHARACTER SABOTAGE"]), "S")
    s = ok(s, swap("S", "J33", I["CHARACTER SABOTAGE"]), play("S", "J01", L(12, 13)))
    refused(s, play("S", "J30", FAR), "one_jacquard")
    s = ok(s, end("S"))
    s = two_cards(s, "S", "J31", "J34")
    ok(s, play("S", "J31", FAR), play("S", "J34", OTHER))


def test_gargoyle_on_shift_this_turn_only():
    s = two_cards(table(three(), LOG["GARGOYLE ON SHIFT"]), "S", "J02", "J33")
    s = ok(s, swap("S", "J33", LOG["GARGOYLE ON SHIFT"]), play("S", "J31", FAR),
           play("S", "J02", L(12, 13)), end("S"))
    assert s.post_office == 2
    assert s.turn.po_cap is None
    s = two_cards(s, "W", "J03", "J05")
    s = ok(s, play("W", "J03", L(0, 1)), play("W", "J05", L(0, 1)), end("W"))
    assert s.post_office == 2 + 6


def test_quiet_shift_this_turn_only():
    s = two_cards(table(three(), LOG["QUIET SHIFT"]), "S", "J02", "J33")
    s = ok(s, swap("S", "J33", LOG["QUIET SHIFT"]), play("S", "J31", FAR),
           play("S", "J02", L(12, 13)), end("S"))
    assert s.post_office == 5 - 2
    assert s.turn.po_discount == 0
    s = two_cards(s, "W", "J03", "J05")
    s = ok(s, play("W", "J03", L(0, 1)), play("W", "J05", L(0, 1)), end("W"))
    assert s.post_office == 3 + 6


def test_workers_strike_hits_the_next_player_only():
    s = two_cards(table(three(), I["WORKERS' STRIKE"]), "S")
    s = bag_top(s, "J19", "J21", "J22", "J23")
    s = ok(s, swap("S", "J33", I["WORKERS' STRIKE"]), play("S", "J01", L(12, 13)), end("S"))
    assert s.player("S").hand == ("J19",), "S keeps a card: the strike is for the next player"
    assert s.player("W").hand_count == 2
    s = ok(two_cards(s, "W", "J31", "J34"), play("W", "J31", FAR), end("W"))
    assert s.player("W").hand_count == 0, "W skipped the keeping draw"
    assert s.skip_draw is None
    s = ok(two_cards(s, "N", "J31", "J34"), play("N", "J31", FAR), end("N"))
    assert s.player("N").hand_count == 1, "N draws again"
    assert s.player("S").hand_count == 2


def test_workers_strike_solitaire_skips_the_draw_of_the_next_turn():
    """Decision 6: solitaire skips drawing back up to two. The next player of a one-player
    game is the player's own next turn, as the swapping player never skips in the race."""
    s = board(at_turn(unstamped_bag(solitaire()), "S"), 0)
    s = two_cards(table(s, I["WORKERS' STRIKE"]), "S")
    s = ok(s, swap("S", "J33", I["WORKERS' STRIKE"]), play("S", "J01", L(12, 13)), end("S"))
    assert s.player("S").hand_count == 2, "the swapping turn draws back up to two"
    s = ok(two_cards(s, "S", "J31", "J34"), play("S", "J31", FAR), end("S"))
    assert s.player("S").hand_count == 1, "the next turn skips the draw"
    s = ok(two_cards(s, "S", "J31", "J34"), play("S", "J34", OTHER), end("S"))
    assert s.player("S").hand_count == 2, "and only that one"


def test_no_move_and_draw_fault_do_nothing_in_the_race():
    """Decision 4 (TOWER LOCKDOWN is tested with the fault cards)."""
    assert [str(e) for e in ED.cards["F12"].effects] == ["draw_fault(2)"]
    assert [str(e) for e in ED.cards["F09"].effects] == ["no_move"]
