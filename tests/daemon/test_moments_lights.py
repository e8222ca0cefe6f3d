"""The lit board shows the Last Letter Sabotage window: the tower to turn dark pulses, its
button and its lamps still lit blinking in the sabotage colour for as long as the window
stands, and nothing pulses once it is shut (the sabotage done, or the game over)."""

from __future__ import annotations

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.daemon.view import View
from clacks_hw.game.clacks.board import TOWER_BY_NAME
from tests.game.conftest import L, end, ok, play
from tests.game.test_rules_sabotage import GAP, final_letter_sent

R2 = TOWER_BY_NAME["R2"].mask
MAGENTA = P.ROLES["sabotage"]


def frames(state, times=(0.1, 0.7)):
    return [render(View("game", state), t) for t in times]


def test_the_tower_to_sabotage_pulses_while_the_window_stands():
    s = final_letter_sent()
    on, off = frames(s)
    lit = [i for i in range(16) if s.board >> i & 1 and R2 >> i & 1]
    assert lit == [1, 9]
    assert on.tower("R2") == MAGENTA and all(on.lamp(i) == MAGENTA for i in lit)
    assert off.tower("R2") == P.SEAT["S"] and all(off.lamp(i) == P.LAMP_ON for i in lit)  # S's pawn, the lamps
    assert all(on.lamp(i) != MAGENTA for i in range(16) if i not in lit), "only the tower's lit lamps pulse"
    assert animation_deadline(View("game", s), 0.1) is not None, "the pulse redraws by itself"


def test_nothing_pulses_once_the_window_is_shut():
    sabotaged = ok(final_letter_sent(), play("N", "J11", GAP))
    over = ok(ok(final_letter_sent(), play("N", "J33", L(12, 13, 14, 15))), end("N"))
    for state in (sabotaged, over):
        for frame in frames(state):
            assert MAGENTA not in frame.pixels
