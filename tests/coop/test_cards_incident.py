"""Each of the 8 Incident Report cards, applied by a swap of the jacquard lying on it."""

import pytest

from .conftest import (
    ED,
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
    swap,
    tower_mask,
    unstamped_bag,
)

FAR = L(10, 11, 14, 15)


def lift(card, *, seats=("S", "W", "N"), lamps=None, tower=None, on_board=0x0F0F):
    """S swaps J33 for the domino J01 lying on ``card``; returns (before, after)."""
    s = at_turn(unstamped_bag(race(seats)), "S")
    other = I["FOG"] if card != I["FOG"] else I["GNU OVERHEAD"]
    s = reports(s, (card, "J01"), (other, "J15"), (LOG["TEA BREAK"], "J29"), (LOG["NIGHT OWL"], "J45"))
    s = board(hand(s, "S", "J30", "J33"), on_board)
    return s, ok(s, swap("S", "J33", card, lamps=lamps, tower=tower))


def test_all_eight_incident_cards_are_in_the_edition():
    assert sorted(I) == sorted(["CHARACTER SABOTAGE", "STORM ON THE PLAINS", "POWER SURGE", "FOG",
                                "HOSTILE TAKEOVER", "BANSHEE ON THE LINE", "GNU OVERHEAD",
                                "WORKERS' STRIKE"])
    assert len(ED.deck("incident")) == 8


def test_character_sabotage_one_jacquard_a_turn():
    _, s = lift(I["CHARACTER SABOTAGE"])
    refused(s, play("S", "J30", FAR), "must_play_lifted")
    s = ok(s, play("S", "J01", L(12, 13)))
    refused(s, play("S", "J30", FAR), "one_jacquard")
    s = ok(s, end("S"))
    w = s.player("W").hand[0]
    s = ok(s, play("W", w, ED.jacquards[w].shape.placements[0]))
    if s.turn.seat == "W":
        w2 = s.player("W").hand[0]
        refused(s, play("W", w2, ED.jacquards[w2].shape.placements[0]), "one_jacquard")


@pytest.mark.parametrize("name, steps", [("STORM ON THE PLAINS", 3), ("FOG", 2), ("HOSTILE TAKEOVER", 2),
                                         ("GNU OVERHEAD", 1)])
def test_post_office_cards_move_it_at_once(name, steps):
    before, s = lift(I[name])
    assert s.post_office == steps and s.card_moves == steps and s.stress_total == 0
    s = ok(s, play("S", "J01", L(12, 13)), end("S"))
    assert s.post_office == steps + 3 and s.stress_total == 3


def test_power_surge_turns_every_lamp_on_and_those_count_as_flipped():
    before, s = lift(I["POWER SURGE"])
    assert s.board == 0xFFFF
    assert s.turn.flipped == 0xFFFF ^ before.board


def test_banshee_flips_all_six_lamps_of_the_chosen_tower():
    s = at_turn(unstamped_bag(race(("S", "W", "N"))), "S")
    s = reports(s, (I["BANSHEE ON THE LINE"], "J01"), (I["FOG"], "J15"),
                (LOG["TEA BREAK"], "J29"), (LOG["NIGHT OWL"], "J45"))
    s = board(hand(s, "S", "J30", "J33"), 0x0F0F)
    refused(s, swap("S", "J33", I["BANSHEE ON THE LINE"]), "needs_tower")
    for tower in ("R2", "G5"):  # chosen by the next player: any tower, either colour
        t = ok(s, swap("S", "J33", I["BANSHEE ON THE LINE"], tower=tower))
        assert t.board == 0x0F0F ^ tower_mask(tower)
        assert t.turn.flipped == tower_mask(tower)
        assert t.post_office == 0


def test_workers_strike_the_next_player_skips_the_draw():
    _, s = lift(I["WORKERS' STRIKE"])
    assert s.skip_draw == s.turn.number + 1, "the next turn (W's) skips its draw"
    s = ok(s, play("S", "J01", L(12, 13)), end("S"))
    assert s.player("S").hand_count == 1, "the swapping player draws as usual"
    w = s.player("W").hand
    assert len(w) == 2
    s = ok(s, play("W", w[0], ED.jacquards[w[0]].shape.placements[0]))
    if s.turn.seat == "W":
        s = ok(s, end("W"))
    assert s.player("W").hand_count == 0, "W passed the other card and drew none to keep"
    assert s.skip_draw is None
