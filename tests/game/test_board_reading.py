"""docs/rules.md, the board: the 12 towers, their buttons, and reading a tower from a seat."""

import pytest

from clacks_hw.game.clacks.board import TOWERS, distance, read_tower
from clacks_hw.game.clacks.turns import target_mask
from clacks_hw.game.core.values import replace

from .conftest import ED, L, T, at_turn, game, ok, play, player, sig

# The towers of docs/rules.md, written out independently of the engine.
VIEW = {
    "S": lambda r, c: (r, c),
    "N": lambda r, c: (3 - r, 3 - c),
    "W": lambda r, c: (3 - c, r),
    "E": lambda r, c: (c, 3 - r),
}


def expected_mask(seat, tower, letter):
    cells = [(VIEW[seat](i // 4, i % 4), i) for i in range(16) if TOWERS[tower].mask >> i & 1]
    vr0 = min(v[0] for v, _ in cells)
    vc0 = min(v[1] for v, _ in cells)
    pattern = ED.signals[letter]
    m = 0
    for (vr, vc), i in cells:
        k = 2 * (vr - vr0) + (vc - vc0)
        if pattern >> k & 1:
            m |= 1 << i
    return m


def test_twelve_towers_with_the_documented_lamps():
    assert [t.name for t in TOWERS] == [f"R{i}" for i in range(1, 7)] + [f"G{i}" for i in range(1, 7)]
    # R(3r+c+1): rows r..r+2, cols c..c+1
    assert TOWERS[T("R1")].mask == L(0, 1, 4, 5, 8, 9)
    assert TOWERS[T("R3")].mask == L(2, 3, 6, 7, 10, 11)
    assert TOWERS[T("R5")].mask == L(5, 6, 9, 10, 13, 14)
    # G(2r+c+1): rows r..r+1, cols c..c+2
    assert TOWERS[T("G1")].mask == L(0, 1, 2, 4, 5, 6)
    assert TOWERS[T("G2")].mask == L(1, 2, 3, 5, 6, 7)
    assert TOWERS[T("G6")].mask == L(9, 10, 11, 13, 14, 15)
    assert all(bin(t.mask).count("1") == 6 for t in TOWERS)
    assert len({t.mask for t in TOWERS}) == 12


def test_button_grids_and_manhattan_distance():
    # red buttons: 3 wide x 2 tall; green: 2 wide x 3 tall
    assert distance(T("R1"), T("R2")) == 1
    assert distance(T("R1"), T("R3")) == 2
    assert distance(T("R1"), T("R4")) == 1
    assert distance(T("R1"), T("R6")) == 3
    assert distance(T("R3"), T("R4")) == 3
    assert distance(T("G1"), T("G2")) == 1
    assert distance(T("G1"), T("G3")) == 1
    assert distance(T("G1"), T("G6")) == 3
    assert distance(T("G2"), T("G5")) == 3


def test_hand_checked_letter_a_from_each_seat():
    # A = ../#./.# : middle-left and bottom-right, as the sender sees them
    assert sig("S", "R1", "A") == L(4, 9)
    assert sig("N", "R1", "A") == L(0, 5)
    assert sig("W", "G1", "A") == L(1, 4)
    assert sig("E", "G1", "A") == L(2, 5)


@pytest.mark.parametrize("seat", ["S", "W", "N", "E"])
def test_every_letter_on_every_own_tower_reads_as_the_table_says(seat):
    colour = "red" if seat in "SN" else "green"
    for t in TOWERS:
        if t.colour != colour:
            continue
        for letter, bits in ED.signals.items():
            m = target_mask(seat, t.index, bits)
            assert m == expected_mask(seat, t.index, letter), (seat, t.name, letter)
            assert read_tower(m, seat, t.index) == bits


@pytest.mark.parametrize("a, b", [("F", "U"), ("G", "V"), ("J", "R"), ("K", "X"), ("L", "T"), ("N", "Q")])
def test_opposite_seats_see_the_pattern_turned_180_degrees(a, b):
    assert sig("S", "R2", a) == sig("N", "R2", b)
    assert sig("W", "G3", a) == sig("E", "G3", b)


def _ready_to_send(seat, tower, shown, letter, card="J29"):
    """``seat`` on ``tower`` needs ``letter``; after playing a square the tower shows
    ``shown`` (as read from S or W, the seat given by shown[0])."""
    viewer, pattern = shown
    target = sig(viewer, tower, pattern)
    square = next(m for m in ED.jacquards[card].shape.placements if m & TOWERS[T(tower)].mask == m)
    s = at_turn(game(4), seat)
    s = player(s, seat, tower=T(tower), signals=(letter, "A", "A", "A", "A"), hand=(card,))
    s = replace(s, board=target ^ square)
    return ok(s, play(seat, card, square))


@pytest.mark.parametrize("seat, tower, viewer", [("S", "R2", "S"), ("N", "R4", "N"),
                                                 ("W", "G3", "W"), ("E", "G6", "E")])
def test_each_seat_transmits_a_letter_it_reads_the_right_way_up(seat, tower, viewer):
    s = _ready_to_send(seat, tower, (viewer, "F"), "F")
    assert s.player(seat).sent == 1


@pytest.mark.parametrize("seat, tower, opposite", [("N", "R2", "S"), ("S", "R5", "N"),
                                                   ("E", "G3", "W"), ("W", "G4", "E")])
def test_a_tower_is_read_from_the_senders_seat_f_is_u_from_the_opposite_side(seat, tower, opposite):
    # The board shows U to the opposite seat: that is F to the sender, so F is sent...
    s = _ready_to_send(seat, tower, (opposite, "U"), "F")
    assert s.player(seat).sent == 1
    # ...and a sender who needs U does not send what only the opposite seat reads as U.
    s = _ready_to_send(seat, tower, (opposite, "U"), "U")
    assert s.player(seat).sent == 0
    assert s.turn.seat == seat
