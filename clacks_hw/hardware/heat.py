"""The heat the board's electronics leave in the box, from the power budget (power.py): the
budget's worst case at 5 V, all of it turned to heat inside (the light leaving through the
diffusers is left out, so the figure errs on the warm side). The vents are sized from it."""

from __future__ import annotations

from pathlib import Path

VOLTS = 5.0
BUILTIN_CONFIG = Path(__file__).resolve().parents[1] / "default_config.toml"


def heat_w(hw, cfg) -> float:
    from .power import budget
    return VOLTS * budget(hw, cfg).total_a


def default_heat(hw) -> float:
    """heat_w under the built-in config (clacks_hw/default_config.toml)."""
    from ..config.load import load_config
    return heat_w(hw, load_config(BUILTIN_CONFIG, check_devices=False))
