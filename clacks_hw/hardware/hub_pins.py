"""The hub firmware's own pin constants (firmware/config.py), read by every board that
carries the reader hub."""

from __future__ import annotations

import ast
from pathlib import Path

from .data import HardwareError

FIRMWARE_CONFIG = Path(__file__).resolve().parents[2] / "firmware" / "config.py"


def firmware_pins(path: Path = FIRMWARE_CONFIG) -> dict:
    """The constants of the hub firmware's config.py (SCK, MOSI, MISO, CS_PINS, RST_PIN, ...)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except OSError:
        raise HardwareError(f"{path} is missing: run build-files from a checkout of the repository") from None
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out
