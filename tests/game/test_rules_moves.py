"""Moving the pawn: cost, occupied buttons, the free first move, tentative moves."""

from clacks_hw.game.clacks.actions import Action

from .conftest import (
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
    turn,
)


def later_turn(s_tower="R1", n_tower="R2"):
    s = game(2)
    s = player(s, "S", tower=T(s_tower))
    s = player(s, "N", tower=T(n_tower))
    return at_turn(s, "S")


def test_a_move_costs_the_manhattan_distance_on_the_button_grid():
    for target, cost in [("R4", 1), ("R5", 2), ("R3", 2), ("R6", 3)]:
        s = ok(later_turn(n_tower="R2"), move("S", target))
        assert s.player("S").tower == T(target)
        assert s.turn.move_cost == cost and s.turn.spent == cost and s.turn.left == 5 - cost


def test_green_moves_cost_the_distance_on_the_green_grid():
    s = game(4)
    s = player(s, "W", tower=T("G1"))
    s = at_turn(s, "W")
    s = ok(s, move("W", "G6"))
    assert s.turn.move_cost == 3


def test_pawns_pass_through_but_never_stop_on_an_occupied_button():
    s = later_turn("R1", "R2")
    passed = ok(s, move("S", "R3"))  # R1 -> R2 -> R3, through N's pawn
    assert passed.turn.move_cost == 2
    refused(s, move("S", "R2"), "occupied", "N", "R2")


def test_pawns_of_the_other_colour_do_not_block():
    s = game(4)
    s = player(s, "S", tower=T("R1"))
    s = player(s, "W", tower=T("G1"))
    s = at_turn(s, "S")
    assert ok(s, move("S", "R2")).player("S").tower == T("R2")


def test_moving_onto_your_own_button_is_not_a_move():
    refused(later_turn(), move("S", "R1"), "already_there", "R1")


def test_first_move_of_the_game_from_the_start_button_is_free():
    s = game(2)
    assert s.turn.seat == "S" and s.player("S").tower is None
    s = ok(s, move("S", "R6"))
    assert s.turn.spent == 0
    # tentative moves of that first turn are free too (decision 2)
    s = ok(s, move("S", "R1"))
    assert s.turn.spent == 0 and s.player("S").tower == T("R1")


def test_second_turn_moves_are_paid():
    s = game(2)
    s = ok(s, move("S", "R6"))
    s = ok(s, play("S", s.current.hand[0], _harmless(s)))
    s = ok(s, end("S"))
    n = s.current
    s = ok(s, play("N", n.hand[0], _harmless(s)))
    s = ok(s, end("N"))
    assert s.turn.seat == "S"
    s = ok(s, move("S", "R1"))
    assert s.turn.move_cost == 3


def _harmless(s):
    from .conftest import ED
    return ED.jacquards[s.current.hand[0]].shape.placements[0]


def test_tentative_moves_cost_the_distance_from_where_the_turn_began():
    s = later_turn("R1", "R5")
    s = ok(s, move("S", "R3"))
    assert s.turn.move_cost == 2
    s = ok(s, move("S", "R6"))  # R1 -> R6 is 3, not 2 + 1
    assert s.turn.move_cost == 3
    s = ok(s, move("S", "R1"))  # back where the turn began: free again
    assert s.turn.move_cost == 0 and s.player("S").tower == T("R1")


def test_no_moving_after_the_first_jacquard():
    s = later_turn()
    s = player(s, "S", hand=("J29", "J15", "J01"))
    s = ok(s, play("S", "J29", 0b110011))
    refused(s, move("S", "R4"), "moved_after_play", "jacquard")


def test_only_the_player_to_move_may_move():
    refused(later_turn(), move("N", "R6"), "not_your_turn", "S", "N")


def test_a_move_names_a_button():
    refused(later_turn(), Action("S", "move"), "needs_tower", "R2")


def test_a_move_over_the_budget_is_refused_with_the_numbers():
    s = later_turn("R1", "R5")
    s = turn(s, budget_delta=-4)  # two SEIZED GEARS: 1 point this turn
    r = refused(s, move("S", "R6"), "over_budget", "R1", "R6", "3")
    assert "1 is left" in r.message, r.message
    s = turn(s, budget_delta=-3)
    refused(s, move("S", "R6"), "over_budget", "R1", "R6", "3", "2 are left")
    assert ok(s, move("S", "R3")).turn.move_cost == 2


def test_a_seat_not_in_the_game_cannot_act():
    s = later_turn()
    refused(s, move("E", "G1"), "not_playing", "E", "S N")
    refused(s, fault("W", "F01"), "not_playing", "W")
