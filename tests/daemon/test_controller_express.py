"""Express: the seat indicator counts down; on time-out the engine gets a timeout action."""

from clacks_hw.daemon.renderer import render
from clacks_hw.journal import read_journal
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig


def test_time_out_passes_the_turn_with_a_timeout_action(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game(express=True)
    seat = rig.state.turn.seat
    start = rig.ctrl.turn_started
    assert rig.ctrl.next_deadline(rig.clock.now()) <= start + 60
    rig.tick(59.0)
    assert rig.state.turn.seat == seat
    rig.tick(1.5)
    assert rig.state.turn.seat != seat
    last = read_journal(rig.ctrl.session.path).entries[-1].action
    assert last.act == "timeout" and last.seat == seat and last.time >= 60


def test_seat_indicator_fades_then_blinks(tmp_path):
    rig = Rig(tmp_path, FakeClock(0.0), seed=3)
    rig.start_game(express=True)
    seat, t0 = rig.state.turn.seat, rig.ctrl.turn_started

    def seat_at(dt):
        return render(rig.ctrl.view(t0 + dt), t0 + dt).seat(seat)

    assert sum(seat_at(1)) > sum(seat_at(40)) > 0
    blinking = {seat_at(51 + k * 0.25) == (0, 0, 0) for k in range(8)}
    assert blinking == {True, False}
