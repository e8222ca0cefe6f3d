"""A whole Solitaire game played on the board by button presses and card taps, with a swap
from an Incident Report card and one from an Operator's Log card (which asks for a lamp)."""

from clacks_hw.journal import read_journal, replay
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import EDITION, Rig, play_coop


def test_a_whole_solitaire_game_with_two_swaps(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=7, flash_s=0.2)
    rig.start_mode("solitaire", seats=("S",))
    s = rig.state
    assert s.config.mode == "solitaire" and s.config.seats == ("S",)
    incident = next(r.card for r in s.reports if r.card.startswith("I"))
    log = next(r.card for r in s.reports if r.card.startswith("L"))
    done = play_coop(rig, swaps=(incident, log))
    assert done == [incident, log]
    assert rig.ctrl.screen == "over"
    final = rig.ctrl.session.state
    assert final.winner in ("team", "post_office")
    journal = read_journal(rig.ctrl.session.path)
    assert replay(journal, EDITION).state == final
    swaps = [e.action for e in journal.entries if e.action.act == "swap"]
    assert [a.source for a in swaps] == [incident, log]
    assert swaps[1].lamps is not None  # this Log card flips a lamp: chosen on the board first
    assert all(e.action.seat == "S" for e in journal.entries)
