"""Load and check mainboard.toml: every key present and usable, or a message naming the key."""

from __future__ import annotations

from pathlib import Path

from ..data import HardwareError, read_toml

HERE = Path(__file__).resolve().parent
BOARD_KEYS = {"board", "place", "chain", "pins", "prices", "fab", "kind", "buy", "budget"}
KIND_KEYS = {"value", "footprint", "smd", "source"}
SMD_KEYS = {"lcsc", "jlc", "pins"}


def _number(v) -> bool:
    return type(v) in (int, float) and v >= 0


def load_mainboard(path: Path | None = None) -> dict:
    """The board's data, checked: a missing or unusable key raises HardwareError naming it."""
    path = path or HERE / "mainboard.toml"
    data = read_toml(path, BOARD_KEYS)
    name = path.name
    for key, kind in data["kind"].items():
        need = KIND_KEYS | (SMD_KEYS if kind.get("smd") else set())
        lacking = sorted(need - set(kind))
        if lacking:
            raise HardwareError(f"{name}: kind.{key}.{lacking[0]} is missing; add it")
        if kind.get("smd") and not (isinstance(kind["lcsc"], str) and kind["lcsc"][:1] == "C"
                                    and kind["lcsc"][1:].isdigit()):
            raise HardwareError(f"{name}: kind.{key}.lcsc = {kind['lcsc']!r} is not an LCSC number; write e.g. \"C14663\"")
        if not kind.get("copper") and not any(_number(kind.get(k)) for k in ("usd", "eur")):
            raise HardwareError(f"{name}: kind.{key} has no price; add usd = ... or eur = ... (an estimate, labelled)")
    x0, y0, x1, y1 = data["board"]["outline"]
    if not (x1 > x0 and y1 > y0):
        raise HardwareError(f"{name}: board.outline must be [x0, y0, x1, y1] with x1 > x0 and y1 > y0")
    for key, item in data["buy"].items():
        if not (_number(item.get("eur")) and isinstance(item.get("name"), str) and isinstance(item.get("source"), str)):
            raise HardwareError(f"{name}: buy.{key} needs a name, a price in eur and a source")
    return data
