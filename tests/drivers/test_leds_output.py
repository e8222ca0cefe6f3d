"""LedOutput: only changed frames reach the backend; failures back off, report, and recover."""

import logging

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds import LedOutput
from clacks_hw.testing.clock import FakeClock
from tests.fakes.failing_leds import FailingLeds
from clacks_hw.testing.recording_leds import RecordingLeds

A = Frame.build(lamps={0: (255, 0, 0)})
B = Frame.build(lamps={1: (0, 255, 0)})


def test_identical_frames_are_shown_once():
    clock = FakeClock()
    sink = RecordingLeds(clock)
    out = LedOutput(sink, clock)
    assert out.show(A) is True
    assert out.show(Frame.build(lamps={0: (255, 0, 0)})) is False  # equal, not the same object
    assert out.show(B) is True
    assert out.show(A) is True
    assert [f for _, f in sink.frames] == [A, B, A]
    assert out.shown_count == 3


def test_a_failure_is_logged_reported_and_retried_with_backoff(caplog):
    clock = FakeClock(100.0)
    leds = FailingLeds(clock, fail_times=3)
    out = LedOutput(leds, clock, backoff_initial_s=0.25, backoff_max_s=8.0)
    with caplog.at_level(logging.DEBUG, logger="clacks_hw.drivers.leds"):
        assert out.show(A) is False
    assert "LED output failed: OSError" in caplog.text
    h = out.health
    assert not h.ok and h.failing_since == 100.0 and h.failures == 1
    assert "Input/output error" in h.last_error
    assert out.next_deadline() == 100.25

    out.poll()  # backoff not over: no attempt
    assert leds.attempts == [100.0]
    clock.advance(0.25)
    out.poll()  # 2nd failure, next backoff 0.5
    clock.advance(0.5)
    out.show(B)  # a new frame while failing waits for the retry time too... which is now
    assert leds.attempts == [100.0, 100.25, 100.75]
    assert out.health.failures == 3 and out.health.failing_since == 100.0
    clock.advance(1.0)
    with caplog.at_level(logging.INFO, logger="clacks_hw.drivers.leds"):
        assert out.poll() is True  # the newest frame is what gets shown
    assert leds.shown == [(101.75, B)]
    assert out.health.ok and out.next_deadline() is None
    assert "recovered after 3 failed attempts" in caplog.text


def test_backoff_doubles_up_to_its_bound():
    clock = FakeClock(0.0)
    leds = FailingLeds(clock, fail_times=None)
    out = LedOutput(leds, clock, backoff_initial_s=0.25, backoff_max_s=2.0)
    out.show(A)
    gaps = []
    for _ in range(6):
        due = out.next_deadline()
        gaps.append(due - clock.now())
        clock.t = due
        out.poll()
    assert gaps == [0.25, 0.5, 1.0, 2.0, 2.0, 2.0]


def test_after_recovery_the_same_frame_is_shown_again():
    # The LEDs' content is unknown after a failure, so an unchanged frame must be re-sent.
    clock = FakeClock()
    leds = FailingLeds(clock)
    out = LedOutput(leds, clock)
    out.show(A)
    leds.break_(fail_times=1)
    out.show(B)
    assert not out.health.ok
    clock.advance(10)
    out.show(B)
    assert [f for _, f in leds.shown] == [A, B]


def test_any_library_exception_is_contained():
    clock = FakeClock()
    out = LedOutput(FailingLeds(clock, fail_times=1, error=RuntimeError("ws2811_render failed with code -3")), clock)
    out.show(A)
    assert "RuntimeError: ws2811_render failed" in out.health.describe()


def test_close_closes_the_backend_and_survives_its_errors():
    clock = FakeClock()
    sink = RecordingLeds(clock)
    LedOutput(sink, clock).close()
    assert sink.closed

    class Broken:
        def show(self, frame):
            pass

        def close(self):
            raise OSError("gone")

    LedOutput(Broken(), clock).close()  # logged, not raised
