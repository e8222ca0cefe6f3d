"""The button panel's far side: fingers on gpiozero's MockFactory pins, by button name."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory


class MockButtons:
    """Presses and releases buttons (PLAY, R1..G6, ...) on the MockFactory pins the daemon's
    ButtonPanel reads; the buttons pull to ground when pressed, as wired on the board."""

    def __init__(self, buttons_config, factory: MockFactory | None = None) -> None:
        self.config = buttons_config
        self.factory = factory if factory is not None else MockFactory()

    def pin(self, name: str):
        return self.factory.pin(self.config.pin(name))

    def press(self, name: str) -> None:
        self.pin(name).drive_low()

    def release(self, name: str) -> None:
        self.pin(name).drive_high()

    def chatter(self, name: str, edges: int = 6) -> None:
        """A worn switch: a burst of edges, ending released."""
        for k in range(edges):
            (self.release if k % 2 else self.press)(name)
        self.release(name)
