"""The whole self-test: the parts in order, on whatever hardware the seams give."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from ..drivers.buttons import ButtonError
from ..drivers.leds import LedOutput
from ..drivers.pixel_map import PixelMap
from . import journal_dir, readers
from .buttons import ButtonWalk
from .leds import LedWalk
from .report import FAIL, Report

PARTS = ("buttons", "leds", "readers", "journal")


@dataclass
class Hardware:
    """What the walks drive: the real board's, or the emulated bench's."""

    clock: Any
    led_backend: Any
    pin_factory: Any = None
    serial_factory: Any = None
    led_error: str = ""  # why the LED backend could not be opened ("": it was)
    pin_error: str = ""  # why the buttons' pin library could not be loaded ("": it was)


def run_selftest(config, hardware: Hardware, person, *, parts=PARTS, timeout_s: float = 15.0) -> Report:
    report = Report()
    if "buttons" in parts:
        _buttons(config, hardware, person, report, timeout_s)
    if "leds" in parts and hardware.led_error:  # nothing lights: no question could pass
        report.add("leds", FAIL, f"the LEDs cannot be driven: {hardware.led_error}",
                   "run clacks-hw doctor: it checks the LED backend, its device and permissions")
    elif "leds" in parts:
        person.tell("-- LEDs: say where each one lights, and in which colour.")
        output = LedOutput(hardware.led_backend, hardware.clock)
        try:
            LedWalk(output, PixelMap.from_config(config.leds), person, report).run()
        finally:
            output.close()
    if "readers" in parts:
        if config.reader.type == "none":
            readers.skip(report)
        else:
            person.tell("-- Card readers: tap a card at each when asked.")
            readers.ReaderWalk(config.reader, hardware.clock, person, report,
                               serial_factory=hardware.serial_factory, timeout_s=timeout_s).run()
    if "journal" in parts:
        journal_dir.check(config.journal.dir, report)
    return report


def _buttons(config, hardware: Hardware, person, report: Report, timeout_s: float) -> None:
    """The button walk, or, when no pin library can read the buttons, one FAIL saying why in our
    words (gpiozero's fallback warnings gathered into it) and not one press asked for."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if hardware.pin_error:
                raise ButtonError(hardware.pin_error)
            walk = ButtonWalk(config.buttons, hardware.clock, person, report, pin_factory=hardware.pin_factory,
                              timeout_s=timeout_s)
        except ButtonError as exc:
            tried = [str(w.message).removeprefix("Falling back from ") for w in caught
                     if type(w.message).__name__ == "PinFactoryFallback"]
            why = f"no pin library could open them here (tried {'; '.join(tried)})" if tried else str(exc)
            person.tell(f"-- Buttons: cannot be read here ({why}); none is asked for.")
            report.add("buttons", FAIL, f"the buttons cannot be read: {why}",
                       "on the Pi: sudo apt install python3-lgpio (clacks-hw doctor checks it); on another "
                       'machine set buttons.pin_factory = "mock" to check the other parts')
            return
    person.tell("-- Buttons: press each one when asked.")
    walk.run()
