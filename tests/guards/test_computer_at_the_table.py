"""Guards! Guards! against the computer on the board itself: the seat the set-up gives the
computer plays at a human pace on the clock seam, says each move and why on the board's screen
and log (never a secret of its own), and is journalled so the game replays to the same end."""

from __future__ import annotations

import random

from clacks_hw.game.core.computer import to_act
from clacks_hw.game.guards.legal import random_action
from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.daemon.test_computer_at_the_table import PACE, computer_plays_one
from tests.fakes.daemon_rig import EDITION, Rig

SEED = 0  # the board's generator: the strong computer plants a saboteur, S's runs pass it


def test_a_guards_game_against_the_strong_computer_to_the_end(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=SEED, computer=(("N", "strong"),), computer_pace_s=PACE)
    rig.start_mode("guards", seats=("S", "N"))
    assert rig.state.config.computer == {"N": "strong"}
    rng, shown, human = random.Random(0), [], 0
    for _ in range(3000):
        if rig.ctrl.screen != "game":
            break
        if to_act(rig.state) == "N":
            shown.append(computer_plays_one(rig, "N"))
        else:  # S plays at random, each action as its paired phone sends it
            rig.clock.advance(0.5)
            assert rig.ctrl.submit(random_action(rig.state, rng, seat="S"), rig.clock.now())
            human += 1
    final = rig.ctrl.session.state
    assert final.over and rig.ctrl.screen == "over" and shown and human
    acts = {m.action.act for m in shown}
    assert {"recruit", "spell_run", "challenge", "roll", "end_turn"} <= acts
    assert any("chance" in m.why or "likely" in m.why for m in shown)  # why, in the odds of the die
    secret = {*final.edition.quadrants, *final.edition.volunteers}
    private = [m for m in shown if m.action.act in ("plant", "replant", "sabotage", "let_pass")]
    assert private and any(m.action.act == "plant" for m in private)
    for m in private:
        assert not any(x in m.why for x in secret), m.why
    journal = read_journal(rig.ctrl.session.path)
    assert journal.header["computer"] == {"N": "strong"}
    assert replay(journal, EDITION).state == final
