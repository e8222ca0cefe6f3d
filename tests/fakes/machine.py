"""A fake MicroPython ``machine`` module for running the reader-hub firmware under CPython.

A :class:`FakeBoard` is one emulated Pico: its ``Pin``, ``SPI``, ``WDT``, ``Timer`` and
``unique_id`` behave like MicroPython's (and are as strict as the RP2040 port), and SPI bytes
go to whichever fake chip (:mod:`tests.fakes.mfrc522_chip`) has its chip-select pin low, as on
a real bus. The module itself also works as ``machine`` (``sys.modules["machine"] =
tests.fakes.machine``) through the default board at the bottom.

The board is not written here: it is ``firmware/wasm/fake_machine.py``, the very file real
MicroPython runs in ``firmware/wasm/run.mjs``, so both test worlds drive the firmware against
one fake. :func:`load_wasm_fake` imports such a file by path under a private module name;
``firmware/wasm`` is deliberately never put on ``sys.path``, where its generic top-level names
(``harness``, ``fake_time``: a MicroPython-only ``time``) could be imported by accident.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

WASM_FAKES_DIR = Path(__file__).resolve().parents[2] / "firmware" / "wasm"


def load_wasm_fake(name: str) -> ModuleType:
    """``firmware/wasm/<name>.py`` as the module ``clacks_wasm_<name>``, loaded once."""
    module_name = f"clacks_wasm_{name}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, WASM_FAKES_DIR / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    return module


_shared = load_wasm_fake("fake_machine")
WDT_MAX_MS = _shared.WDT_MAX_MS


class FakeBoard(_shared.Board):
    """One emulated Pico with chips attached to chip-select pins (``attach``); counts
    ``bus_errors`` (bytes clocked with no chip, or several, selected) and ``selects``.
    ``FakeBoard(uid=...)`` sets what ``unique_id()`` returns."""


_default = FakeBoard()
Pin, SPI, WDT, Timer = _default.Pin, _default.SPI, _default.WDT, _default.Timer
unique_id, freq = _default.unique_id, _default.freq
