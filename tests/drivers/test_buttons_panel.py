"""ButtonPanel on gpiozero's MockFactory: real Button objects, pull-ups, events on the fake clock."""

import queue

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from clacks_hw.config.load import load_config
from clacks_hw.drivers.buttons import ButtonError, ButtonPanel, make_pin_factory
from clacks_hw.testing.clock import FakeClock

PINS = dict(load_config(check_devices=False).buttons.pins)


@pytest.fixture
def rig():
    factory = MockFactory()
    clock = FakeClock(0.0)
    events = queue.Queue()
    panel = ButtonPanel(PINS, events.put, clock, pin_factory=factory, debounce_s=0.03, long_press_s=3.0)
    yield factory, clock, events, panel
    panel.close()


def drain(q):
    out = []
    while not q.empty():
        e = q.get_nowait()
        out.append((e.kind, e.button))
    return out


def test_all_17_buttons_use_pull_ups(rig):
    factory, _, _, panel = rig
    for name, pin in PINS.items():
        assert panel.device(name).pin is factory.pin(pin)
        assert factory.pin(pin).pull == "up"
        assert factory.pin(pin).state == 1  # idle high: released


def test_chattering_contact_gives_one_press(rig):
    factory, clock, events, panel = rig
    pin = factory.pin(PINS["R2"])
    for _ in range(6):
        pin.drive_low()
        clock.advance(0.002)
        pin.drive_high()
        clock.advance(0.003)
    pin.drive_low()
    for _ in range(50):
        clock.advance(0.002)
        panel.poll()
    pin.drive_high()
    clock.advance(0.05)
    panel.poll()
    assert drain(events) == [("press", "R2"), ("release", "R2")]


def test_holding_prev_and_next_three_seconds_fires_the_reset_chord_once(rig):
    factory, clock, events, panel = rig
    factory.pin(PINS["PREV"]).drive_low()
    clock.advance(0.1)
    factory.pin(PINS["NEXT"]).drive_low()
    deadline = None
    while clock.now() < 8.0:
        panel.poll()
        deadline = panel.next_deadline()
        clock.advance(0.01)
    assert drain(events) == [("press", "PREV"), ("press", "NEXT"), ("chord", "PREV+NEXT")]
    assert deadline is None  # nothing more pending while both stay held
    assert panel.pressed() == {"PREV", "NEXT"}


def test_close_releases_every_pin(rig):
    factory, clock, events, panel = rig
    panel.close()
    again = ButtonPanel(PINS, events.put, clock, pin_factory=factory)  # pins free again
    again.close()


def test_a_busy_pin_names_the_button_and_releases_the_others():
    factory = MockFactory()
    from gpiozero import Button

    squatter = Button(PINS["PLAY"], pin_factory=factory)
    with pytest.raises(ButtonError, match=r"buttons.pins.PLAY = 3"):
        ButtonPanel(PINS, lambda e: None, FakeClock(), pin_factory=factory)
    squatter.close()
    ButtonPanel(PINS, lambda e: None, FakeClock(), pin_factory=factory).close()  # nothing leaked


class HeldAtStart(MockPin):
    """A contact already closed when the panel starts (MockPin drives high when pulled up)."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self.drive_low()


def test_a_button_already_down_at_start_gives_no_press(caplog):
    factory = MockFactory()
    factory.pin(PINS["TURN"], pin_class=HeldAtStart)
    clock = FakeClock()
    events = queue.Queue()
    with ButtonPanel(PINS, events.put, clock, pin_factory=factory) as panel:
        clock.advance(5)
        panel.poll()
        assert drain(events) == [] and panel.pressed() == {"TURN"}
        assert "TURN (GPIO21) is already pressed" in caplog.text


def test_pin_factory_names():
    assert make_pin_factory("auto") is None
    assert isinstance(make_pin_factory("mock"), MockFactory)
    with pytest.raises(ButtonError, match="unknown pin factory"):
        make_pin_factory("magic")


def test_the_panel_starts_no_thread_per_button():
    # gpiozero's Button runs a hold thread per button waking 10 times a second; holds are
    # timed by the debouncer, so the panel must not pay for 17 of them.
    import threading

    before = threading.active_count()
    with ButtonPanel(PINS, lambda e: None, FakeClock(), pin_factory=MockFactory()):
        assert threading.active_count() <= before + 1


def test_from_config_uses_the_configured_timing_and_pins():
    cfg = load_config(overrides={"buttons.debounce_ms": 50, "buttons.pins.PLAY": 2}, check_devices=False)
    factory = MockFactory()
    clock = FakeClock(0.0)
    events = queue.Queue()
    with ButtonPanel.from_config(cfg.buttons, events.put, clock, pin_factory=factory) as panel:
        factory.pin(2).drive_low()
        clock.advance(0.04)
        panel.poll()
        assert drain(events) == []  # 40 ms < 50 ms
        clock.advance(0.01)
        panel.poll()
        assert drain(events) == [("press", "PLAY")]


def test_every_raw_edge_wakes_the_caller_before_the_press_is_decided():
    factory, clock, events = MockFactory(), FakeClock(0.0), queue.Queue()
    wakes = []
    panel = ButtonPanel(PINS, events.put, clock, pin_factory=factory, on_edge=lambda: wakes.append(clock.now()))
    try:
        pin = factory.pin(PINS["PLAY"])
        pin.drive_low()
        pin.drive_high()
        pin.drive_low()
        assert len(wakes) == 3  # one wake per edge, bounces included
        assert events.empty()  # the press itself waits for the debounce time
        clock.advance(0.05)
        panel.poll()
        assert drain(events) == [("press", "PLAY")]
    finally:
        panel.close()
