"""Where the reader-hub firmware and its shared fakes are, and loading them under CPython.

The firmware (``firmware/*.py``) and the fakes real MicroPython also runs
(``firmware/wasm/fake_machine.py``, ``fake_chip.py``) live beside the package in a checkout
(``pip install -e .``, as ``make`` sets up); an installed wheel carries a copy under the
installation's ``share/clacks-hw/firmware`` (pyproject.toml's data-files).
``CLACKS_FIRMWARE_DIR`` points elsewhere, e.g. at firmware being worked on.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import sysconfig
from pathlib import Path
from types import ModuleType, SimpleNamespace

from ..base.errors import ClacksError

FIRMWARE_MODULES = ("hubproto", "presence", "mfrc522", "hub", "main", "config")


class FirmwareNotFound(ClacksError, RuntimeError):
    """The firmware directory is not where the emulation looks; the message says how to fix it."""


def _complete(path: Path) -> bool:
    return (path / "hub.py").is_file() and (path / "wasm" / "fake_chip.py").is_file()


def firmware_dir() -> Path:
    env = os.environ.get("CLACKS_FIRMWARE_DIR")
    if env:
        places = [Path(env)]
    else:  # a checkout, then an installed wheel's copy
        places = [Path(__file__).resolve().parents[2] / "firmware",
                  Path(sysconfig.get_path("data")) / "share" / "clacks-hw" / "firmware"]
    for path in places:
        if _complete(path):
            return path
    where = " or ".join(str(p) for p in places)
    raise FirmwareNotFound(
        f"the reader-hub firmware is not in {where}\n"
        "    fix: install clacks-hw from a wheel or a checkout (pip install -e .), or set "
        "CLACKS_FIRMWARE_DIR to a firmware/ directory")


def load_wasm_fake(name: str) -> ModuleType:
    """``firmware/wasm/<name>.py`` as the module ``clacks_wasm_<name>``, loaded once.

    ``firmware/wasm`` is deliberately never put on ``sys.path``: its generic top-level names
    (``harness``, ``fake_time``: a MicroPython-only ``time``) could be imported by accident."""
    module_name = f"clacks_wasm_{name}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, firmware_dir() / "wasm" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    return module


def load_firmware() -> SimpleNamespace:
    """Import the firmware modules (top-level names, as on the Pico) and return them."""
    directory = firmware_dir()
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))
    mods = {}
    for name in FIRMWARE_MODULES:
        mod = importlib.import_module(name)
        if not str(getattr(mod, "__file__", "")).startswith(str(directory)):
            raise ImportError(f"module {name!r} shadows the firmware's {name}.py: {mod.__file__}")
        mods[name] = mod
    return SimpleNamespace(**mods)


def firmware_config(**overrides) -> SimpleNamespace:
    """The firmware's config.py values with some replaced (e.g. READERS, POLL_MS)."""
    cfg = load_firmware().config
    values = {k: getattr(cfg, k) for k in dir(cfg) if k.isupper()}
    values.update(overrides)
    return SimpleNamespace(**values)
