"""Reader offline/online is a state shown on the board (amber pulse), never an error."""

from clacks_hw.daemon.palette import AMBER
from clacks_hw.daemon.renderer import animation_deadline, render
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def test_offline_pulses_amber_and_online_clears_it(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0))
    rig.start_game()
    before = rig.state
    rig.ctrl.handle(ReaderEvent("offline", detail="unplugged"), rig.clock.now())
    view = rig.ctrl.view(rig.clock.now())
    assert view.reader_offline
    levels = {render(view, rig.clock.now() + k * 0.25).seat("S") for k in range(8)}
    assert len(levels) > 2
    assert all(c[2] == 0 and c[0] >= c[1] for c in levels)  # shades of amber
    assert animation_deadline(view, rig.clock.now()) is not None
    rig.ctrl.handle(ReaderEvent("online", detail="hub"), rig.clock.now())
    assert not rig.ctrl.view(rig.clock.now()).reader_offline
    assert rig.state is before
    assert AMBER
