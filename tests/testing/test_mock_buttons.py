"""MockButtons drives the daemon's real ButtonPanel through gpiozero's MockFactory pins."""

from clacks_hw.config.load import load_config
from clacks_hw.drivers.buttons import ButtonPanel
from clacks_hw.testing.buttons import MockButtons
from clacks_hw.testing.clock import FakeClock


def test_press_and_release_reach_the_panel_by_name():
    cfg = load_config(overrides={"buttons.pin_factory": "mock", "buttons.debounce_ms": 5}, check_devices=False)
    fingers = MockButtons(cfg.buttons)
    clock = FakeClock(0.0)
    events = []
    panel = ButtonPanel.from_config(cfg.buttons, events.append, clock, pin_factory=fingers.factory)
    try:
        fingers.press("R3")
        clock.advance(0.05)
        panel.poll()
        assert panel.pressed() == frozenset({"R3"})
        fingers.release("R3")
        clock.advance(0.05)
        panel.poll()
        assert [(e.kind, e.button) for e in events] == [("press", "R3"), ("release", "R3")]
    finally:
        panel.close()
