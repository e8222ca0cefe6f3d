"""A fake MFRC522 and ISO 14443-A cards, modelled at the register level.

The chip answers SPI bytes as the datasheet describes (address byte, read/write bursts),
keeps a 64-byte FIFO, interrupt and error registers, and runs Transceive when StartSend is
set, handing the frame to the card in its field. Faults the firmware must survive:
a card pulled away mid-read, a card flickering at the edge of the field, a chip that stops
answering (MISO reads 0x00, no interrupts) and a chip that browns out (registers reset).

The model itself is ``firmware/wasm/fake_chip.py``, the same file real MicroPython runs in
``firmware/wasm/run.mjs`` (loaded by path, see :func:`clacks_hw.testing.firmware_files.load_wasm_fake`).
This module only adds what CPython needs on top: a lock, because :class:`EmulatedHub` clocks
SPI bytes from its firmware thread while a test places and removes cards.
"""

from __future__ import annotations

import threading

from .firmware_files import load_wasm_fake

_shared = load_wasm_fake("fake_chip")

FakeCard = _shared.FakeCard  # ISO 14443-3 type A: REQA/WUPA, cascade levels, SAK, HLTA
crc_a = _shared.crc_a  # independent of firmware/mfrc522.py's, on purpose


class FakeMFRC522(_shared.FakeMFRC522):
    """The shared chip model, safe to drive from two threads: test controls (``place``,
    ``remove``, ``bounce``, ``pull_away_after``, ``revive``, ``brown_out``) and SPI bytes
    (``exchange``) take one re-entrant lock."""

    def __init__(self, version: int = 0x92, *, holds_miso: bool = False) -> None:
        """``holds_miso``: the clone board that keeps MISO tied low while deselected
        (miguelbalboa/rfid #290, #377) instead of releasing it."""
        self._lock = threading.RLock()
        super().__init__(version, holds_miso)
