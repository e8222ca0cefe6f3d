"""The 17 buttons (12 tower selectors + PREV, NEXT, TURN, PLAY, BACK) through gpiozero.

Each button is momentary to GND with the Pi's internal pull-up. gpiozero only reports raw
edges here (``bounce_time=None``); timing lives in :mod:`.debounce` on the injected clock.

Each button is a gpiozero ``DigitalInputDevice(pull_up=True)``: a ``Button`` without
``Button``'s hold thread, which wakes every 100 ms per button (170 wake-ups a second for 17
buttons on a Pi Zero that should idle cool) and makes closing take 0.1 s per button. Holds are
timed by the debouncer instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from functools import partial

from ..base.errors import ClacksError
from .debounce import FORGET_CHORD, PAIR_CHORD, RESET_CHORD, ButtonEvent, Debouncer

log = logging.getLogger(__name__)

PIN_FACTORIES = ("auto", "lgpio", "rpigpio", "native", "mock")


class ButtonError(ClacksError, RuntimeError):
    """A button could not be set up (pin busy, no GPIO access, no pin library)."""


def make_pin_factory(kind: str = "auto"):
    """A gpiozero pin factory; ``auto`` (None) lets gpiozero pick, honouring GPIOZERO_PIN_FACTORY."""
    try:
        if kind == "auto":
            return None
        if kind == "lgpio":
            from gpiozero.pins.lgpio import LGPIOFactory

            return LGPIOFactory()
        if kind == "rpigpio":
            from gpiozero.pins.rpigpio import RPiGPIOFactory

            return RPiGPIOFactory()
        if kind == "native":
            from gpiozero.pins.native import NativeFactory

            return NativeFactory()
        if kind == "mock":
            from gpiozero.pins.mock import MockFactory

            return MockFactory()
    except ImportError as e:
        raise ButtonError(
            f"pin factory {kind!r} needs a library that is not installed ({e}); "
            "on a Pi: sudo apt install python3-lgpio, or pip install lgpio"
        ) from e
    except Exception as e:  # gpiozero raises its own errors when the hardware is absent
        raise ButtonError(f"pin factory {kind!r} cannot start: {e}") from e
    raise ButtonError(f"unknown pin factory {kind!r}; use one of {', '.join(PIN_FACTORIES)}")


class ButtonPanel:
    """All buttons as one device. Events go to ``sink`` (e.g. ``queue.put``) from gpiozero's
    threads or from :meth:`poll`; call :meth:`poll` from the daemon loop at least at
    :meth:`next_deadline` (or every few ms) so stable presses and long presses fire.
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        sink: Callable[[ButtonEvent], None],
        clock,
        pin_factory=None,
        debounce_s: float = 0.03,
        long_press_s: float = 3.0,
        on_edge: Callable[[], None] | None = None,
    ) -> None:
        from gpiozero import DigitalInputDevice
        from gpiozero.exc import GPIOZeroError

        self.clock = clock
        # Called after every raw edge, so the daemon's loop can wake and decide the press
        # within the debounce time instead of at its next timeout.
        self.on_edge = on_edge
        chords = tuple(c for c in (RESET_CHORD, PAIR_CHORD, FORGET_CHORD) if all(n in pins for n in c))
        self.debouncer = Debouncer(pins, sink, debounce_s, long_press_s, chords)
        self._devices: dict[str, DigitalInputDevice] = {}
        for name, pin in pins.items():
            try:
                btn = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            except (GPIOZeroError, OSError, RuntimeError) as e:
                self.close()
                raise ButtonError(f"button {name} (buttons.pins.{name} = {pin}): cannot use GPIO{pin}: {e}") from e
            self._devices[name] = btn
            btn.when_activated = partial(self._edge, name, True)  # pulled low = pressed
            btn.when_deactivated = partial(self._edge, name, False)
            if btn.is_active:
                log.warning("button %s (GPIO%d) is already pressed at start: held, or shorted to GND?", name, pin)
                self.debouncer.seed(name, True, clock.now())

    @classmethod
    def from_config(cls, buttons, sink: Callable[[ButtonEvent], None], clock, pin_factory=None,
                    on_edge: Callable[[], None] | None = None) -> ButtonPanel:
        """From a validated :class:`clacks_hw.config.load.ButtonConfig`; ``pin_factory`` overrides
        ``buttons.pin_factory`` (e.g. a MockFactory the virtual keyboard drives)."""
        factory = pin_factory if pin_factory is not None else make_pin_factory(buttons.pin_factory)
        return cls(
            dict(buttons.pins),
            sink,
            clock,
            pin_factory=factory,
            debounce_s=buttons.debounce_ms / 1000,
            long_press_s=buttons.long_press_s,
            on_edge=on_edge,
        )

    def _edge(self, name: str, pressed: bool) -> None:
        self.debouncer.edge(name, pressed, self.clock.now())
        if self.on_edge is not None:
            self.on_edge()

    def poll(self) -> None:
        self.debouncer.poll(self.clock.now())

    def next_deadline(self) -> float | None:
        return self.debouncer.next_deadline()

    def pressed(self) -> frozenset[str]:
        """Buttons held now (debounced)."""
        return self.debouncer.pressed()

    def device(self, name: str):
        """The gpiozero device (tests and the virtual keyboard drive ``device(name).pin``)."""
        return self._devices[name]

    def close(self) -> None:
        devices, self._devices = self._devices, {}
        for name, btn in devices.items():
            try:
                btn.close()
            except Exception as e:
                log.warning("closing button %s failed: %s", name, e)

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
