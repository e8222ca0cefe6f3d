"""Load and check board.toml and parts.toml: every key present, of the right kind, in range.

A problem names the file, the key and what to write instead (HardwareError), never a traceback.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import ClacksError

HERE = Path(__file__).resolve().parent
CORNERS = ("NW", "NE", "SW", "SE")


class HardwareError(ClacksError, ValueError):
    """A data file is missing a key or holds a value the build cannot use."""


def _pos(v):
    return type(v) in (int, float) and v > 0


def _nonneg(v):
    return type(v) in (int, float) and v >= 0


def _pair(v):
    return isinstance(v, list) and len(v) == 2 and all(_nonneg(x) for x in v)


def _str(v):
    return isinstance(v, str) and bool(v.strip())


KINDS = {
    "pos": (_pos, "a number above 0"),
    "nonneg": (_nonneg, "a number, 0 or more"),
    "pair": (_pair, "two numbers, e.g. [10.0, 20.0]"),
    "str": (_str, "a non-empty string in double quotes"),
    "rot": (lambda v: v in (0, 90), "0 or 90"),
    "frac": (lambda v: type(v) in (int, float) and 0 < v < 1, "a fraction between 0 and 1"),
    "names": (lambda v: isinstance(v, list) and v and all(_str(x) for x in v), "a list of names"),
    "holes": (lambda v: isinstance(v, list) and all(_pair(h) for h in v), "a list of [x, y] pairs"),
    "rect": (lambda v: isinstance(v, list) and len(v) == 4 and all(_nonneg(x) for x in v), "[x, y, width, length]"),
    "size3": (lambda v: isinstance(v, list) and len(v) == 3 and all(_pos(x) for x in v), "[width, length, thickness]"),
    "amps": (lambda v: isinstance(v, list) and v and all(_pos(x) for x in v) and v == sorted(v),
             "a rising list of currents in A"),
    "corners": (lambda v: isinstance(v, dict) and set(v) == {"S", "W", "N", "E"} and all(c in CORNERS for c in v.values()),
                'a corner (NW, NE, SW, SE) for each of S, W, N, E'),
    "gauges": (lambda v: isinstance(v, list) and v and all(isinstance(g, list) and len(g) == 2 and all(_pos(x) for x in g)
                                                          for g in v), "a list of [AWG, amperes] pairs"),
    "corner": (lambda v: v in CORNERS, "one of NW, NE, SW, SE"),
    "angle": (lambda v: type(v) in (int, float) and 0 < v < 90, "an angle in degrees between 0 and 90"),
    "spots": (lambda v: isinstance(v, list) and v and all(_pos(x) for x in v), "a list of distances in mm"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "count": (lambda v: type(v) is int and 0 < v < 20, "a whole number from 1 to 19"),
    "rgb": (lambda v: isinstance(v, list) and len(v) == 3 and all(type(x) in (int, float) and 0 <= x <= 1 for x in v),
            "[red, green, blue], each from 0 to 1"),
    "model": (lambda v: isinstance(v, list) and v and all(_solid(x) for x in v),
              "a list of solids, each { box = [x, y, z, width, length, height] } or { cyl = [x, y, z, diameter, height] }"),
    "steps": (lambda v: isinstance(v, list) and v and all(
        isinstance(s, dict) and {"title", "parts"} <= set(s) <= {"title", "parts", "lift", "spread"}
        and _str(s["title"]) and isinstance(s["parts"], list) and s["parts"] and all(_str(x) for x in s["parts"])
        and all(_nonneg(s.get(k, 0)) for k in ("lift", "spread")) for s in v),
        "[[assembly.step]] tables, each with a title, a list of parts and optionally lift and spread (mm)"),
    "key": (lambda v: isinstance(v, str) and v.replace("_", "").isalnum(), "the name of a table in parts.toml"),
    "wires": (lambda v: isinstance(v, list) and v and all(isinstance(g, list) and len(g) == 3 and all(_pos(x) for x in g)
                                                         for g in v), "a list of [AWG, amperes, ohm per metre] triples"),
    "ma3": (lambda v: isinstance(v, list) and len(v) == 3 and all(_pos(x) for x in v), "[red, green, blue] in mA"),
    "awgs": (lambda v: isinstance(v, list) and len(v) == 2 and all(type(x) is int and x > 0 for x in v) and v[0] >= v[1],
             "[thinnest, thickest] AWG, e.g. [28, 22]"),
}


def _solid(v) -> bool:
    """{ box = [x, y, z, w, l, h] } or { cyl = [x, y, z, d, h] }: a place, then sizes above 0."""
    if not isinstance(v, dict) or len(v) != 1:
        return False
    (kind, nums), = v.items()
    n = {"box": 6, "cyl": 5}.get(kind)
    return (n is not None and isinstance(nums, list) and len(nums) == n
            and all(type(x) in (int, float) for x in nums) and all(x > 0 for x in nums[3:]))

BOARD = {
    "panel": {"tile_pitch": "pos", "tile_window": "pos", "window_radius": "nonneg", "margin": "pos",
              "corner_radius": "nonneg", "thickness": "pos", "hole_fit": "nonneg", "seat_led_inset": "pos", "controls": "names",
              "control_row": "frac", "label_size": "pos"},
    "panel_print": {"key": "size3", "engrave": "pos", "label_font": "str", "label_size": "pos"},
    "enclosure": {"wall": "pos", "floor": "pos", "inside_height": "pos", "corner_screw": "pos", "pillar": "pos",
                  "clearance": "nonneg"},
    "joints": {"dovetail": "size3", "dovetail_height": "pos", "dovetails": "spots", "tongue": "pair", "pilaster": "pair",
               "fit": "nonneg"},
    "lid": {"seam_screw": "pos", "boss_wall": "pos"},
    "baffle": {"height": "pos", "floor": "pos", "rib": "pos", "boss": "pos", "ring": "pos", "nut_zone": "pos",
               "wire_hole": "pos", "wire_offset": "pos"},
    "diffuser": {"thickness": "pos", "lip": "pos", "lip_height": "pos", "fit": "nonneg"},
    "print": {"bed": "pair", "overhang": "angle", "bridge": "pos", "min_wall": "pos", "layer": "pos",
              "perimeters": "count", "infill": "frac"},
    "filaments": {name: {"colour": "str", "rgb": "rgb"} for name in ("body", "opaque", "diffuser")},
    "layout": {name: {"at": "pair", "rotate": "rot"} for name in ("pi", "power_board")},
    "openings": {name: {"x": "pos", "z": "pos"} for name in ("power", "usb")},
    "readers": {"corner": "corners", "shared": "corner", "gap": "nonneg", "above": "nonneg", "fit": "nonneg",
                "read_range": "pos"},
    "vents": {"delta_t": "pos", "room": "nonneg", "skin_u": "pos", "discharge": "frac", "slot": "pair", "pitch": "pos",
              "low": "nonneg", "high": "pos"},
    "assembly": {"step": "steps"},
}
BOARD_PART = {"name": "str", "current_ma": "pos", "size": "size3", "height": "pos", "holes": "holes", "hole": "pos", "standoff": "pos",
              "keepout": "pos", "clearance": "nonneg", "screw": "key", "model": "model",
              "source": "str", "example": "str", "price": "pos"}
BUTTON = {"name": "str", "hole": "pos", "body": "pos", "nut": "pos", "bezel": "pos", "depth": "pos",
          "bezel_height": "pos", "nut_height": "pos", "source": "str", "example": "str", "price": "pos"}
LED = {"name": "str", "channel_ma": "ma3", "idle_ma": "nonneg", "source": "str", "example": "str", "price": "pos"}
CONNECTOR = {"name": "str", "rating_a": "pos", "awg": "awgs", "source": "str", "example": "str", "price": "nonneg"}
SIMPLE = {"name": "str", "source": "str", "example": "str", "price": "pos"}
PARTS = {
    "pi": {**BOARD_PART, "current_ma": None, "supply_a": "pos", "usb_allowance_a": "pos", "sd": "size3"},
    "hub": {"name": "str", "size": "size3", "height": "pos", "socket": "pos", "headers": "bool", "below": "nonneg",
            "current_ma": "pos", "clearance": "nonneg", "model": "model", "source": "str", "example": "str", "price": "pos"},
    "power_board": {**BOARD_PART, "current_ma": None},
    "reader": {**SIMPLE, "size": "size3", "height": "pos", "antenna": "rect", "current_ma": "pos", "clearance": "nonneg",
               "model": "model", "holes": "holes", "hole": "pos", "pegs": "holes", "pilot": "pos", "screw": "key",
               "keepout": "pos"},
    "lamp_led": {**LED, "size": "size3", "package": "pos", "model": "model"},
    "small_led": {**LED, "diameter": "pos", "length": "pos", "model": "model"},
    "tower_button": {**BUTTON, "panel": "pair", "pitch": "pos", "torque": "pair"},
    "control_button": {**BUTTON, "panel": "pair", "pitch": "pos", "torque": "pair"},
    "level_shifter": {**SIMPLE, "package": "str"}, "resistor": SIMPLE,
    "capacitor": {**SIMPLE, "diameter": "pos", "height": "pos"}, "fuse": SIMPLE,
    "supply": {**SIMPLE, "amps": "amps"},
    "jack": {**SIMPLE, "hole": "pos", "rating_a": "pos", "awg": "awgs", "flange": "pos", "model": "model"},
    "usb_extension": {**SIMPLE, "opening": "pair", "screws": "pair", "model": "model"},
    "usb_cable": {**SIMPLE, "rating_a": "pos"}, "sdcard": SIMPLE,
    "tag": {**SIMPLE, "pack": "pos"},
    "wire": {**SIMPLE, "gauges": "wires"},
    **{k: CONNECTOR for k in ("conn_xh", "conn_vh", "conn_idc", "conn_dupont", "conn_lug")},
    "usb_c": {**SIMPLE, "rating_a": "pos"}, "usb_c_cable": {**SIMPLE, "rating_a": "pos"},
    **{k: SIMPLE for k in ("resistor_33", "resistor_56k", "resistor_100k", "capacitor_100n", "capacitor_10u",
                           "regulator", "socket", "jumper", "header_idc", "glue")},
    "heat_shrink": {**SIMPLE, "per_joint": "pos"},
    "prices": {"date": "str", "note": "str", "source": "str"},
    "filament": {"name": "str", "source": "str", "example": "str", "price_per_kg": "pos", "density": "pos"},
    "sheet": SIMPLE,
    "pilot": {"engage": "pos", "source": "str"},
}
# Screws and heat-set inserts: one table per kind, named by these prefixes (screw_m3x10, insert_m3).
FASTENERS = {
    "screw_": {**SIMPLE, "size": "str", "diameter": "pos", "length": "pos", "head": "pos", "head_height": "pos"},
    "insert_": {**SIMPLE, "size": "str", "od": "pos", "length": "pos", "hole": "pos", "depth": "pos", "engage": "pos"},
}


def parts_spec(parts: dict) -> dict:
    """PARTS plus a screw or insert schema for every screw_* / insert_* table present."""
    extra = {k: spec for k in parts for prefix, spec in FASTENERS.items() if k.startswith(prefix)}
    return {**PARTS, **extra}


def _check(data: Any, spec: dict, file: str, path: str = "") -> None:
    if not isinstance(data, dict):
        raise HardwareError(f"{file}: [{path}] must be a table")
    spec = {k: v for k, v in spec.items() if v is not None}  # None: this part does not have the key
    for key, kind in spec.items():
        where = f"{path}.{key}" if path else key
        if key not in data:
            raise HardwareError(f"{file}: {where} is missing; add it (see the shipped {file} for an example)")
        if isinstance(kind, dict):
            _check(data[key], kind, file, where)
            continue
        ok, wanted = KINDS[kind]
        if not ok(data[key]):
            raise HardwareError(f"{file}: {where} = {data[key]!r} is not usable; write {wanted}")
    extra = sorted(set(data) - set(spec))
    if extra:
        raise HardwareError(f"{file}: unknown key {path + '.' if path else ''}{extra[0]}; remove it or check its spelling")


def read_toml(path: Path, tables=()) -> dict:
    """A data file of the build, parsed, with each of ``tables`` in it: unreadable, not TOML or
    a table missing is a HardwareError naming the file (and the table)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise HardwareError(f"{path}: cannot read it ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise HardwareError(f"{path}: not valid TOML ({exc})") from None
    missing = sorted(set(tables) - set(data))
    if missing:
        raise HardwareError(f"{path.name}: [{missing[0]}] is missing; see the shipped {path.name}")
    return data


@dataclass(frozen=True)
class Hardware:
    board: dict
    parts: dict


def load_hardware(board_path: Path | None = None, parts_path: Path | None = None, **overrides) -> Hardware:
    """Both files, checked. ``overrides`` ({"panel.tile_pitch": 54.0}) change single values."""
    board = read_toml(board_path or HERE / "board.toml")
    parts = read_toml(parts_path or HERE / "parts.toml")
    for dotted, value in overrides.items():
        *head, last = dotted.split(".")
        node = board
        for k in head:
            node = node[k]
        node[last] = value
    _check(board, BOARD, "board.toml")
    _check(parts, parts_spec(parts), "parts.toml")
    _sanity(board, parts)
    return Hardware(board, parts)


def _sanity(b: dict, p: dict) -> None:
    """Relations between values that each look fine alone."""
    panel, baffle = b["panel"], b["baffle"]
    if panel["tile_window"] >= panel["tile_pitch"]:
        raise HardwareError("board.toml: panel.tile_window must be smaller than panel.tile_pitch")
    gap = panel["tile_pitch"] - panel["tile_window"]
    if p["tower_button"]["hole"] + 2 > gap:
        raise HardwareError(
            f"board.toml: the {gap:g} mm between lamp windows cannot take a {p['tower_button']['hole']:g} mm "
            "tower button with 1 mm either side; raise panel.tile_pitch or lower panel.tile_window")
    if baffle["floor"] + baffle["nut_zone"] >= baffle["height"]:
        raise HardwareError("board.toml: baffle.height must exceed baffle.floor + baffle.nut_zone")
    for name, part in p.items():
        screw = part.get("screw") if isinstance(part, dict) else None
        if screw is not None and not (screw.startswith("screw_") and screw in p):
            screws = ", ".join(k for k in p if k.startswith("screw_"))
            raise HardwareError(f"parts.toml: {name}.screw = {screw!r} names no screw table; use one of {screws}")
    if b["baffle"]["height"] >= b["enclosure"]["inside_height"]:
        raise HardwareError("board.toml: baffle.height must be less than enclosure.inside_height")
