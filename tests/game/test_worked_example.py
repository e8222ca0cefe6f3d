"""The manual's worked example: GUILD, G already sent, the U goes out for 4 stress points."""

from clacks_hw.game.clacks.board import read_tower
from clacks_hw.game.core.values import replace

from .conftest import ED, L, T, at_turn, game, move, ok, play, player, sig

SQUARE = L(1, 2, 5, 6)  # J29, cost 1, inside R2
LINE3 = L(1, 5, 9)  # J15, cost 2, down R2's left column


def test_guild_move_one_tower_play_a_1_and_a_2_send_the_u():
    s = game(2, words={"S": "GUILD", "N": "TOWER"})
    assert s.player("S").signals == tuple("GUILD")
    # Player 1 sent the G from R1 last turn and now needs the U.
    s = player(s, "S", tower=T("R1"), last_tx=T("R1"), sent=1, hand=("J29", "J15", "J05"))
    s = player(s, "N", tower=T("R6"))
    s = at_turn(s, "S")
    fresh = tuple(c for c in s.bag if not ED.jacquards[c].stamp)[:2]
    s = replace(s, board=sig("S", "R2", "U") ^ SQUARE ^ LINE3,
                bag=fresh + tuple(c for c in s.bag if c not in fresh))
    assert s.player("S").next_signal == "U"
    assert ED.jacquards["J29"].cost == 1 and ED.jacquards["J15"].cost == 2

    s = ok(s, move("S", "R2"))  # must move: R1 sent the G
    assert s.turn.spent == 1
    s = ok(s, play("S", "J29", SQUARE))
    assert s.turn.spent == 2 and s.player("S").sent == 1, "not a U yet"
    bag = len(s.bag)
    s = ok(s, play("S", "J15", LINE3))

    p = s.player("S")
    assert read_tower(s.board, "S", T("R2")) == ED.signals["U"]
    assert p.sent == 2 and p.next_signal == "I", "U marked off"
    assert p.last_turn_cost == 4, "total turn cost 4 stress points"
    assert s.turn.seat == "N", "transmitting ends the turn"
    assert p.hand == ("J05",) + fresh and len(s.bag) == bag - 2, "draws 2 new jacquards"
    assert p.last_tx == T("R2"), "the next letter must go from a different tower"
