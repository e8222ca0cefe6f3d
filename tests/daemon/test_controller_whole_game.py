"""A whole 2-player competitive game played through the controller, as players would."""

from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, script


def play_out(rig, limit=400):
    for _ in range(limit):
        if rig.ctrl.screen != "game":
            break
        for kind, what in script(rig.state):
            if kind == "button":
                rig.press(what)
            else:
                rig.tap(what)
    return rig


def test_a_whole_game_ends_and_the_journal_replays_to_it(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3, flash_s=0.2)
    rig.start_game(words=("GUILD",))
    assert rig.state.config.words["S"] == ("GUILD",)
    play_out(rig)
    assert rig.ctrl.screen == "over"
    final = rig.ctrl.session.state
    assert final.over
    journal = read_journal(rig.ctrl.session.path)
    assert replay(journal, EDITION).state == final
    assert rig.ctrl.session.actions == len(journal.entries)
