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


def _str(v):
    return isinstance(v, str) and bool(v.strip())


KINDS = {
    "pos": (_pos, "a number above 0"),
    "nonneg": (_nonneg, "a number, 0 or more"),
    "str": (_str, "a non-empty string in double quotes"),
    "frac": (lambda v: type(v) in (int, float) and 0 < v < 1, "a fraction between 0 and 1"),
    "names": (lambda v: isinstance(v, list) and v and all(_str(x) for x in v), "a list of names"),
    "rect": (lambda v: isinstance(v, list) and len(v) == 4 and all(_nonneg(x) for x in v), "[x, y, width, length]"),
    "size3": (lambda v: isinstance(v, list) and len(v) == 3 and all(_pos(x) for x in v), "[width, length, thickness]"),
    "corners": (lambda v: isinstance(v, dict) and set(v) == {"S", "W", "N", "E"} and all(c in CORNERS for c in v.values()),
                'a corner (NW, NE, SW, SE) for each of S, W, N, E'),
    "corner": (lambda v: v in CORNERS, "one of NW, NE, SW, SE"),
}

BOARD = {
    "panel": {"tile_pitch": "pos", "tile_window": "pos", "window_radius": "nonneg", "margin": "pos",
              "corner_radius": "nonneg", "seat_led_inset": "pos", "controls": "names",
              "control_row": "frac", "label_size": "pos"},
    "panel_print": {"label_font": "str", "label_size": "pos"},
    "readers": {"corner": "corners", "shared": "corner", "edge": "nonneg"},
}
SIMPLE = {"name": "str", "source": "str", "example": "str"}
PARTS = {
    "reader": {**SIMPLE, "size": "size3", "antenna": "rect"},
    "tag": SIMPLE,
}


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
    _check(parts, PARTS, "parts.toml")
    _sanity(board)
    return Hardware(board, parts)


def _sanity(b: dict) -> None:
    """Relations between values that each look fine alone."""
    panel = b["panel"]
    if panel["tile_window"] >= panel["tile_pitch"]:
        raise HardwareError("board.toml: panel.tile_window must be smaller than panel.tile_pitch")
    # whether a key fits between the windows is the layout's to say: it knows the keycaps (case.toml)
