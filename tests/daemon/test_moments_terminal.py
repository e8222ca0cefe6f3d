"""The board's terminal (`clacks-hw run --virtual`, 80x24) says every decisive moment under the
position: the Last Letter Sabotage window with what to do, a sabotage that succeeded, a Fault
Report card played and what it did, and at the end who won and why (views/moments.py)."""

from __future__ import annotations

from tests.daemon.test_screens_80x24 import plain, problems
from tests.game.conftest import L, end, fault, play, player
from tests.game.test_rules_sabotage import GAP, final_letter_sent
from tests.support.terminal_screens import Walk


def at_the_window(tmp_path) -> Walk:
    """A competitive game on the terminal, S's last letter just sent from R2: N's turn."""
    w = Walk(tmp_path)
    w.set_up("competitive", ("S", "N"), snap=False)
    w.ctrl.session.state = final_letter_sent()
    w.ctrl.status()
    return w


def shown(w: Walk, name: str) -> str:
    w.snap(name)
    lines = w.shots[-1][1]
    assert problems(name, lines) == []
    return "\n".join(plain(line) for line in lines)


def act(w: Walk, action) -> None:
    w.clock.advance(0.1)
    assert w.ctrl.current.submit(action, w.clock.now()), w.screen.messages()


def test_the_window_then_the_sabotage_are_said_on_the_terminal(tmp_path):
    w = at_the_window(tmp_path)
    assert "Last Letter Sabotage: N, turn R2's 6 lamps off this turn (2 lit) or S wins." in shown(w, "window")
    act(w, play("N", "J11", GAP))
    text = shown(w, "sabotaged")
    assert "Sabotage! N turned R2 dark: S must send the last letter again." in text
    assert "Last Letter Sabotage:" not in text


def test_a_fault_report_played_is_said_with_what_it_did(tmp_path):
    w = at_the_window(tmp_path)
    w.ctrl.session.state = player(w.state, "N", faults=("F05",))
    act(w, fault("N", "F05"))
    assert "Fault Report: N played F05 OILED GEARS: N has 2 stress points more this turn." in shown(w, "fault")


def test_the_end_says_who_won_and_why(tmp_path):
    w = at_the_window(tmp_path)
    act(w, play("N", "J33", L(12, 13, 14, 15)))
    act(w, end("N"))
    assert w.ctrl.screen == "over"
    assert "Winner: S (GUILD): N did not take the last letter back." in shown(w, "game over")
