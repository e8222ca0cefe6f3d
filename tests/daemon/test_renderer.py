"""The renderer: a pure function of (view, time) -> frame."""

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.daemon.view import View
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.game.core.engine import new_game
from clacks_hw.game.core.values import replace
from tests.fakes.daemon_rig import EDITION


def competitive(seats=("S", "N")):
    return new_game(EDITION, ClacksConfig(seats=seats, words=deal_words(EDITION, seats, 1, 5), seed=5))


def test_lamps_pawns_and_current_seat():
    s = competitive()
    s = s.with_player(replace(s.player("S"), tower=1)).with_player(replace(s.player("N"), tower=5))
    frame = render(View("game", s), 10.0)
    for i in range(16):
        assert (frame.lamp(i) != P.OFF) == bool(s.board >> i & 1)
    assert frame.tower("R2") == P.SEAT["S"] and frame.tower("R6") == P.SEAT["N"]
    assert frame.seat(s.turn.seat) == P.SEAT[s.turn.seat]
    assert [x for x in "SWNE" if frame.seat(x) != P.OFF] == [s.turn.seat]


def test_deep_dwarf_has_its_own_colour():
    s = replace(competitive(("S", "W", "N")), dwarf=8)
    assert render(View("game", s), 0.0).tower("G3") == P.DWARF


def test_an_idle_game_frame_is_static():
    s = competitive()
    view = View("game", s)
    assert animation_deadline(view, 5.0) is None
    assert render(view, 5.0) == render(view, 500.0)


def test_same_view_same_time_same_frame():
    s = competitive()
    assert render(View("game", s), 3.3) == render(View("game", s), 3.3)


def test_coop_route_and_post_office_colour():
    words = {"team": ("GUILD", "VIMES")}
    s = new_game(EDITION, ClacksConfig(seats=("S", "N"), words=words, seed=1, mode="race"))
    s = replace(s, signals_sent=3, post_office=s.post_office_goal - 1)
    frame = render(View("game", s), 0.0)
    assert [frame.tower(t) != P.OFF for t in ("R1", "R2", "R3", "R4")] == [True, True, True, False]
    r, g, _ = frame.seat(s.turn.seat)
    assert r > g  # near Genua: red
    early = render(View("game", replace(s, post_office=0)), 0.0).seat(s.turn.seat)
    assert early[1] > early[0]  # far from Genua: green


def test_blank_when_there_is_nothing_to_show():
    assert render(View("setup"), 0.0).pixels == ((0, 0, 0),) * 32
