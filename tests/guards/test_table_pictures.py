"""The pictures of a Guards! Guards! game on the lamps in docs/guards.md, drawn by the board's own
renderer from real positions, and kept fresh."""

from __future__ import annotations

from clacks_hw.daemon.renderer import render
from clacks_hw.daemon.view import View
from clacks_hw.game.guards.state import Judged
from tests.guards.conftest import act, game
from tests.guards.test_sabotage import planted
from tests.support.frame_pictures import kept_frame


def drawn(state, now=0.0):
    return render(View("game", state), now)


def test_the_quadrants_with_dragons_and_a_run():
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "assassins"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])
    s = s._replace(dragons=(("assassins", "D1"),))
    kept_frame(drawn(s), "guards-run", "A run in the Alchemists' (SE), a dragon (SW)")
    s = act(s, "W", "let_pass")
    kept_frame(drawn(s), "guards-run-on", "The runners reach the Thieves' (NE)")


def test_a_sabotage_attempt():
    s = planted(game(3, hands={"S": ("M1",)}), "W", ("B1", "alchemists"))
    s = act(s, "S", "spell_run", spell="s1", cards=["M1"], route=["alchemists", "thieves", "fools"])
    s = act(s, "W", "sabotage", card="B1", how="alter")
    kept_frame(drawn(s), "guards-sabotage", "Sabotage in the Alchemists' (SE), blinking")


def test_a_judged_test():
    s = game(3)
    s = s._replace(last=Judged("S", "charm", (6,), 8, 7, True))
    kept_frame(drawn(s), "guards-test", "S to play; the last die: 6 (R6), passed")
    s = s.with_player(s.player("N")._replace(confined="hospital"))
    s = s.with_player(s.player("W")._replace(confined="watch"))
    kept_frame(drawn(s), "guards-confined", "W in the Watch House, N in hospital")


def test_a_volunteer_being_recruited():
    from clacks_hw.game.guards.board import GuardsPlay
    from tests.guards.test_table import Table

    s = game(3)
    play = GuardsPlay()
    play.tap(Table(s), "L1", None, 0.0)
    play.press(Table(s), "NEXT", 0.0)
    kept_frame(render(View("game", s, play=play), 0.0), "guards-recruit", "Recruiting in the Thieves' (NE)")
