"""The whole self-test: the parts in order, on whatever hardware the seams give."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..drivers.leds import LedOutput
from ..drivers.pixel_map import PixelMap
from . import journal_dir, readers
from .buttons import ButtonWalk
from .leds import LedWalk
from .report import Report

PARTS = ("buttons", "leds", "readers", "journal")


@dataclass
class Hardware:
    """What the walks drive: the real board's, or the emulated bench's."""

    clock: Any
    led_backend: Any
    pin_factory: Any = None
    serial_factory: Any = None


def run_selftest(config, hardware: Hardware, person, *, parts=PARTS, timeout_s: float = 15.0) -> Report:
    report = Report()
    if "buttons" in parts:
        person.tell("-- Buttons: press each one when asked.")
        ButtonWalk(config.buttons, hardware.clock, person, report, pin_factory=hardware.pin_factory,
                   timeout_s=timeout_s).run()
    if "leds" in parts:
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
