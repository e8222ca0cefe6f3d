"""Set-up (docs/rules.md): seats, colours, the deal, the first player, turn order."""


import pytest

from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.errors import SetupError

from .conftest import ED, L, at_turn, end, game, move, ok, play, refused

CHECKERBOARD = L(0, 2, 5, 7, 8, 10, 13, 15)


@pytest.mark.parametrize("n, seats", [(2, ("S", "N")), (3, ("S", "W", "N")), (4, ("S", "W", "N", "E"))])
def test_seatings_and_the_deal(n, seats):
    s = game(n)
    assert tuple(p.seat for p in s.players) == seats
    for p in s.players:
        assert len(p.hand) == 3 and p.hand_count == 3
        assert len(p.faults) == 1, "one Fault Report card each in the deal"
        assert p.tower is None and p.sent == 0
    assert len(s.bag) == 48 - 3 * n
    assert len(s.fault_deck) == 12 - n
    dealt = [c for p in s.players for c in p.hand] + list(s.bag)
    assert sorted(dealt) == sorted(ED.jacquards)
    assert s.board == CHECKERBOARD, "default start layout is the checkerboard"
    assert (s.dwarf is None)


@pytest.mark.parametrize("seats", [("S", "W"), ("N", "S"), ("S", "E", "N"), ("W", "E"), ("S",)])
def test_other_seatings_are_refused(seats):
    words = {s: ("GUILD",) for s in seats}
    with pytest.raises(SetupError, match="seating"):
        new_game(ED, ClacksConfig(seats, words))


def test_setup_errors_say_what_to_change():
    with pytest.raises(SetupError, match="sprint"):
        new_game(ED, ClacksConfig(("S", "N"), {"S": ("GUILD",), "N": ("TOWER",)}, variants=frozenset({"sprint"})))
    with pytest.raises(SetupError, match="needs 2 word"):
        new_game(ED, ClacksConfig(("S", "N"), {"S": ("GUILD",), "N": ("TOWER",)},
                                variants=frozenset({"long_message"})))
    with pytest.raises(SetupError, match="no signal for"):
        new_game(ED, ClacksConfig(("S", "N"), {"S": ("GUILd",), "N": ("TOWER",)}))
    with pytest.raises(SetupError, match="hands"):
        new_game(ED, ClacksConfig(("S", "N"), {"S": ("GUILD",), "N": ("TOWER",)}, hands="psychic"))


def test_each_seat_must_send_its_word():
    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    assert s.player("S").signals == tuple("GUILD")
    assert s.player("N").signals == tuple("TOWER")
    assert s.player("S").next_signal == "G"


def test_the_deal_is_seeded_and_deterministic():
    a, b, c = game(4, seed=7), game(4, seed=7), game(4, seed=8)
    assert a == b
    assert [p.hand for p in a.players] + [a.bag] != [p.hand for p in c.players] + [c.bag]


def test_stamps_in_the_first_deal_draw_no_fault_cards():
    # find a seed whose first deal includes stamped jacquards
    for seed in range(200):
        s = game(4, seed=seed)
        stamped = [c for p in s.players for c in p.hand if ED.jacquards[c].stamp]
        if stamped:
            break
    assert stamped, "no seed dealt a stamped jacquard"
    assert all(len(p.faults) == 1 for p in s.players)
    assert len(s.fault_deck) == 12 - 4


@pytest.mark.parametrize("words, first", [
    ({"S": "TOWER", "W": "ADORA", "N": "GUILD"}, "W"),
    ({"S": "TOWER", "W": "VIMES", "N": "GUILD"}, "N"),
    ({"S": "AHMED", "W": "VIMES", "N": "GUILD"}, "S"),
])
def test_first_player_has_the_word_first_alphabetically(words, first):
    s = game(3, words=words)
    assert s.turn.seat == first and s.first == first


def test_turns_go_clockwise_s_w_n_e():
    s = game(4, words={"S": "GUILD", "W": "TOWER", "N": "VIMES", "E": "ADORA"})
    order = []
    for _ in range(5):
        order.append(s.turn.seat)
        p = s.current
        card = p.hand[0]
        s = ok(s, play(p.seat, card, ED.jacquards[card].shape.placements[0]))
        if s.turn.seat == p.seat:
            s = ok(s, end(p.seat))
    assert order == ["E", "S", "W", "N", "E"]


@pytest.mark.parametrize("seat, own, other", [("S", "R1", "G1"), ("N", "R6", "G6"),
                                              ("W", "G2", "R2"), ("E", "G5", "R5")])
def test_s_and_n_use_red_buttons_w_and_e_green(seat, own, other):
    s = at_turn(game(4), seat)
    ok(s, move(seat, own))
    colour = "green" if other.startswith("G") else "red"
    refused(s, move(seat, other), "wrong_colour", other, colour)
