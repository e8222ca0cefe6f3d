"""The Deep Dwarf (3 players): follows W one tower behind and blocks that button."""

from clacks_hw.game.core.values import replace

from .conftest import L, T, at_turn, end, game, move, ok, play, player, refused, sig

WORDS = {"S": "TOWER", "W": "ADORA", "N": "GUILD"}  # W goes first


def three():
    return game(3, words=WORDS)


def test_only_a_three_player_game_has_the_dwarf_and_w_follows_it():
    s = three()
    assert s.turn.seat == "W" and s.dwarf is None


def test_w_first_move_leaves_the_start_button_so_the_dwarf_stays_off():
    s = ok(three(), move("W", "G3"))
    assert s.dwarf is None
    s = ok(s, move("W", "G5"))  # tentative, still the first turn
    assert s.dwarf is None


def test_the_dwarf_moves_onto_the_button_w_left():
    s = player(three(), "W", tower=T("G1"))
    s = at_turn(s, "W")
    s = ok(s, move("W", "G3"))
    assert s.dwarf == T("G1")
    s = ok(s, move("W", "G6"))  # tentative: the Dwarf stays where W began the turn
    assert s.dwarf == T("G1")


def test_a_tentative_move_back_returns_the_dwarf():
    s = player(three(), "W", tower=T("G3"))
    s = replace(s, dwarf=T("G1"))
    s = at_turn(s, "W")
    s = ok(s, move("W", "G4"))
    assert s.dwarf == T("G3")
    s = ok(s, move("W", "G3"))
    assert s.dwarf == T("G1"), "back to where it stood when the turn began"


def test_w_cannot_stop_on_the_dwarf_but_may_pass_through():
    s = player(three(), "W", tower=T("G3"))
    s = replace(s, dwarf=T("G1"))
    s = at_turn(s, "W")
    refused(s, move("W", "G1"), "occupied", "Deep Dwarf", "G1")
    t = ok(s, move("W", "G2"))  # G3 -> G1 -> G2 or G3 -> G4 -> G2: 2 points
    assert t.turn.move_cost == 2


def test_the_dwarf_does_not_move_when_w_does_not():
    s = player(three(), "W", tower=T("G3"), hand=("J29", "J30", "J31"), last_tx=T("G3"))
    s = replace(s, dwarf=T("G1"))
    s = at_turn(s, "W")
    s = ok(s, play("W", "J29", L(10, 11, 14, 15)))
    s = ok(s, end("W"))
    assert s.dwarf == T("G1")


def test_nobody_transmits_from_the_dwarfs_button():
    # Position where W stands on the Dwarf's button (cannot arise by moving, but the rule
    # holds on its own): the letter stands, nothing is sent.
    sq = L(0, 1, 4, 5)
    s = player(three(), "W", tower=T("G1"), hand=("J29", "J30", "J31"), last_tx=None)
    s = replace(s, dwarf=T("G1"), board=sig("W", "G1", "A") ^ sq)
    s = at_turn(s, "W")
    t = ok(s, play("W", "J29", sq))
    assert t.player("W").sent == 0 and t.turn.seat == "W"
    # the same position without the Dwarf sends the A
    t = ok(replace(s, dwarf=T("G6")), play("W", "J29", sq))
    assert t.player("W").sent == 1


def test_no_dwarf_in_two_or_four_player_games():
    s = game(4)
    s = player(s, "W", tower=T("G1"))
    s = at_turn(s, "W")
    s = ok(s, move("W", "G3"))
    assert s.dwarf is None
