"""The event loop on a fake clock: journal before frame, deadlines, one consumer."""

import queue

from clacks_hw.daemon.loop import EventLoop
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.drivers.leds import LedOutput
from clacks_hw.testing.clock import FakeClock
from tests.fakes.daemon_rig import Rig
from clacks_hw.testing.recording_leds import RecordingLeds


class JournalCheckingLeds(RecordingLeds):
    """Asserts, for every frame, that the journal already holds every action the game has."""

    def __init__(self, clock, rig):
        super().__init__(clock)
        self.rig = rig

    def show(self, frame):
        s = self.rig.ctrl.session
        if s is not None:
            assert len(s.path.read_text().splitlines()) == 1 + s.actions
        super().show(frame)


def test_every_action_is_journalled_before_its_frame(tmp_path):
    clock = FakeClock(0.0)
    rig = Rig(tmp_path, clock, seed=3)
    leds = JournalCheckingLeds(clock, rig)
    events = queue.Queue()
    loop = EventLoop(events, rig.ctrl, LedOutput(leds, clock), clock)
    for name in ["PLAY"] * 5 + ["R2", "G3"]:
        events.put(ButtonEvent("press", name, clock.now()))
        clock.advance(0.1)
        loop.step()
    assert rig.ctrl.session.actions == 1
    assert len(leds.frames) > 3


def test_deadline_follows_the_demo_and_is_bounded(tmp_path):
    clock = FakeClock(0.0)
    rig = Rig(tmp_path, clock)
    loop = EventLoop(queue.Queue(), rig.ctrl, LedOutput(RecordingLeds(clock), clock), clock)
    d = loop.deadline(clock.now())
    assert d is not None and d <= rig.ctrl.demo.next_at


def test_an_error_in_a_timer_does_not_end_the_loop(tmp_path, caplog):
    clock = FakeClock(0.0)
    rig = Rig(tmp_path, clock)
    loop = EventLoop(queue.Queue(), rig.ctrl, LedOutput(RecordingLeds(clock), clock), clock)

    def broken_tick(now):
        raise OSError(28, "No space left on device")

    rig.ctrl.tick = broken_tick
    for _ in range(3):
        clock.advance(0.5)
        loop.step()  # does not raise
    assert loop.iterations == 3
    assert caplog.text.count("error in the board's timers") == 1  # logged once, not every tick


def test_the_services_status_line_says_the_game_in_its_own_words(tmp_path):
    """systemd's STATUS (`systemctl status clacks-hw`) takes whose turn and how far from the game
    itself (Game.summary), whichever it is: a KLACKERS round and its roll, not a Clacks turn."""

    class Notifier:
        def __init__(self):
            self.said: list[str] = []

        def tick(self, now):
            pass

        def status(self, text):
            self.said.append(text)

    clock = FakeClock(0.0)
    for mode, expected in (("competitive", "game: turn 1, "), ("klackers", "game: round 1, worth 1")):
        rig = Rig(tmp_path / mode, clock, seed=3)
        rig.start_mode(mode)
        notifier = Notifier()
        loop = EventLoop(queue.Queue(), rig.ctrl, LedOutput(RecordingLeds(clock), clock), clock, notifier=notifier)
        loop.step()
        glance = rig.state.config.game.summary(rig.state)
        assert notifier.said[-1].startswith(expected) and notifier.said[-1].endswith(f"{glance.seat} {glance.doing}")
    assert "to roll" in notifier.said[-1]  # KLACKERS' own word for its turn
