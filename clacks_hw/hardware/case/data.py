"""Load and check case.toml: every key present and usable, or a message naming the key."""

from __future__ import annotations

from pathlib import Path

from ..data import HardwareError, read_toml

HERE = Path(__file__).resolve().parent
KEYS = {"cut", "material", "layer", "board", "screws", "under", "tall", "usb", "readers", "keycap", "plate", "order", "step"}
NUMBERS = {"cut": ("kerf", "fit", "screw_hole", "min_wall"), "board": ("ledge",),
           "keycap": ("base", "top", "height", "seat", "travel", "clearance", "radius", "proud"),
           "plate": ("over_board", "cutout", "tolerance", "seat_hole", "seat_panel"),
           "readers": ("fit", "plug", "bend", "channel", "well", "wall")}


def _positive(v) -> bool:
    return type(v) in (int, float) and v > 0


def load_case(path: Path | None = None) -> dict:
    """The case's data, checked: a missing or unusable key raises HardwareError naming it."""
    path = path or HERE / "case.toml"
    data = read_toml(path, KEYS)
    name = path.name
    for table, keys in NUMBERS.items():
        for k in keys:
            if not _positive(data[table].get(k)):
                raise HardwareError(f"{name}: {table}.{k} must be a number above 0 (mm), "
                                    f"not {data[table].get(k)!r}")
    for key, m in data["material"].items():
        if not (_positive(m.get("thickness")) and isinstance(m.get("name"), str) and isinstance(m.get("source"), str)):
            raise HardwareError(f"{name}: material.{key} needs a name, a thickness above 0 and a source")
    seen = set()
    for k, layer in enumerate(data["layer"], 1):
        for need in ("name", "title", "material", "cut"):
            if need not in layer:
                raise HardwareError(f"{name}: layer {k} has no {need}; add {need} = ...")
        if layer["name"] in seen:
            raise HardwareError(f"{name}: two layers are named {layer['name']!r}; give each its own name")
        seen.add(layer["name"])
    if len(data["screws"]["at"]) < 3:
        raise HardwareError(f"{name}: screws.at needs at least three [x, y] places to hold the layers")
    return data
