"""A fake MicroPython ``machine`` module for running the reader-hub firmware under CPython.

A :class:`FakeBoard` is one emulated Pico: its ``Pin``, ``SPI``, ``WDT``, ``Timer`` and
``unique_id`` behave like MicroPython's (and are as strict as the RP2040 port), and SPI bytes
go to whichever fake chip (:mod:`clacks_hw.testing.mfrc522_chip`) has its chip-select pin low,
as on a real bus. The module itself also works as ``machine`` (``sys.modules["machine"] =
clacks_hw.testing.machine``) through the default board at the bottom.

The board is not written here: it is ``firmware/wasm/fake_machine.py``, the very file real
MicroPython runs in ``firmware/wasm/run.mjs``, so both worlds drive the firmware against one
fake (loaded by path, see :func:`clacks_hw.testing.firmware_files.load_wasm_fake`).
"""

from __future__ import annotations

from .firmware_files import load_wasm_fake

_shared = load_wasm_fake("fake_machine")
WDT_MAX_MS = _shared.WDT_MAX_MS
#: A tri-state MISO buffer between a reader and the Pico, OE active low, as the circuit board's
#: SN74LV1T125 and a 74LVC125A channel are (``attach(cs, chip, buffer)``).
Buffer125 = _shared.Buffer125


class FakeBoard(_shared.Board):
    """One emulated Pico with chips attached to chip-select pins (``attach``, straight or
    through a :data:`Buffer125` channel); resolves MISO from every chip driving it; counts
    ``bus_errors`` (bytes clocked with no chip, or several, selected) and ``selects``.
    ``FakeBoard(uid=...)`` sets what ``unique_id()`` returns."""


_default = FakeBoard()
Pin, SPI, WDT, Timer = _default.Pin, _default.SPI, _default.WDT, _default.Timer
unique_id, freq = _default.unique_id, _default.freq
