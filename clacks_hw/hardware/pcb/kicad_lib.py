"""Read the board's KiCad footprints (.kicad_mod): pads and courtyard.

The footprints are the project's own copies (footprints/, from KiCad's footprint library,
CC-BY-SA 4.0 with its exception for designs made with them), so a board does not change with the
KiCad library a machine has installed (copied from KiCad 6.0.11 and 9.0.8, whose copies of a
footprint may differ), and two of the project's own (clacks.pretty).
Only what placement and routing need: each pad's position, size, drill and shape, and the
courtyard's bounding box. The pcbnew script loads the same files, so the copper the router
avoids is the copper KiCad checks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import HardwareError

LIBRARY_DIR = "footprints"  # beside this module; a design names its library folder relative to it
LIBRARY = Path(__file__).resolve().parent / LIBRARY_DIR


def parse(text: str):
    """An S-expression as nested lists of strings (quoted strings unquoted)."""
    stack, cur, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "(":
            stack.append(cur)
            cur = []
            i += 1
        elif c == ")":
            done, cur = cur, stack.pop()
            cur.append(done)
            i += 1
        elif c.isspace():
            i += 1
        elif c == '"':
            j, buf = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                buf.append(text[j])
                j += 1
            cur.append("".join(buf))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in "()":
                j += 1
            cur.append(text[i:j])
            i = j
    return cur[0]


def _find(node, key):
    return next((x for x in node if isinstance(x, list) and x and x[0] == key), None)


@dataclass(frozen=True)
class Pad:
    name: str
    x: float
    y: float
    w: float  # size along x (after the pad's own rotation)
    h: float
    drill: float  # 0 = surface-mount
    shape: str
    smd: bool
    bottom: bool = False  # a surface-mount pad on the bottom copper (B.Cu)

    def box(self) -> tuple[float, float, float, float]:
        return (self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Footprint:
    lib: str  # "Resistor_SMD:R_0603_1608Metric"
    descr: str
    pads: tuple[Pad, ...]
    courtyard: tuple[float, float, float, float]  # x0, y0, x1, y1 in the footprint's frame
    holes: tuple = ()  # (x, y, diameter) of each unplated hole: copper keeps away from it

    def pads_named(self, name: str) -> list[Pad]:
        return [p for p in self.pads if p.name == name]


def _pad(node) -> Pad | None:
    name, kind, shape = node[1], node[2], node[3]
    if kind == "np_thru_hole":
        return None
    at = _find(node, "at")
    size = _find(node, "size")
    x, y = float(at[1]), float(at[2])
    rot = float(at[3]) if len(at) > 3 else 0.0
    w, h = float(size[1]), float(size[2])
    if shape == "custom":  # the anchor and its drawn primitives: all of it is copper
        w, h = _custom_span(node, w, h)
    if round(rot) % 180 == 90:
        w, h = h, w
    drill = _find(node, "drill")
    d = 0.0
    if drill is not None:
        nums = [float(v) for v in drill[1:] if not isinstance(v, list) and v != "oval"]
        d = min(nums) if nums else 0.0
    layers = _find(node, "layers")
    bottom = kind == "smd" and layers is not None and "B.Cu" in layers
    return Pad(name, x, y, w, h, d, shape, kind == "smd", bottom)


def _custom_span(node, w: float, h: float) -> tuple[float, float]:
    """A custom pad's size as a box about its anchor that holds every primitive (a box as wide
    each side as its widest side: the router's pads are centred on their anchor)."""
    half_x, half_y = w / 2, h / 2
    for prim in _find(node, "primitives") or []:
        if not isinstance(prim, list):
            continue
        width = _find(prim, "width")
        pen = float(width[1]) / 2 if width else 0.0
        points = [(float(p[1]), float(p[2])) for p in (_find(prim, "pts") or [])[1:] if isinstance(p, list)]
        points += [(float(p[1]), float(p[2])) for key in ("start", "end", "mid") if (p := _find(prim, key))]
        reach = 0.0
        if prim[0] == "gr_circle":
            c, e = _find(prim, "center"), _find(prim, "end")
            points = [(float(c[1]), float(c[2]))]
            reach = math.hypot(float(e[1]) - float(c[1]), float(e[2]) - float(c[2]))
        for x, y in points:
            half_x = max(half_x, abs(x) + reach + pen)
            half_y = max(half_y, abs(y) + reach + pen)
    return 2 * half_x, 2 * half_y


def _hole(node) -> tuple | None:
    if node[2] != "np_thru_hole":
        return None
    at, drill = _find(node, "at"), _find(node, "drill")
    return (float(at[1]), float(at[2]), float(drill[1]))


@lru_cache(maxsize=None)
def footprint(lib_name: str) -> Footprint:
    lib, name = lib_name.split(":")
    path = LIBRARY / f"{lib}.pretty" / f"{name}.kicad_mod"
    try:
        tree = parse(path.read_text(encoding="utf-8"))
    except OSError:
        raise HardwareError(f"KiCad footprint {lib_name} not found under {LIBRARY}: copy it there from "
                            "KiCad's footprint library (the board uses its own copies)") from None
    pads = tuple(p for n in tree if isinstance(n, list) and n and n[0] == "pad" and (p := _pad(n)))
    xs, ys = [], []
    for n in tree:
        if not (isinstance(n, list) and n and n[0] in ("fp_line", "fp_rect", "fp_circle", "fp_arc")):
            continue
        layer = _find(n, "layer")
        if layer is None or layer[1] != "F.CrtYd":
            continue
        if n[0] == "fp_circle":
            c, e = _find(n, "center"), _find(n, "end")
            r = math.hypot(float(e[1]) - float(c[1]), float(e[2]) - float(c[2]))
            xs += [float(c[1]) - r, float(c[1]) + r]
            ys += [float(c[2]) - r, float(c[2]) + r]
            continue
        for key in ("start", "end", "mid"):
            p = _find(n, key)
            if p is not None:
                xs.append(float(p[1]))
                ys.append(float(p[2]))
    if not xs:
        xs = [v for p in pads for v in (p.box()[0], p.box()[2])]
        ys = [v for p in pads for v in (p.box()[1], p.box()[3])]
    descr = _find(tree, "descr")
    holes = tuple(h for n in tree if isinstance(n, list) and n and n[0] == "pad" and (h := _hole(n)))
    return Footprint(lib_name, descr[1] if descr else "", pads, (min(xs), min(ys), max(xs), max(ys)), holes)


def transform(x: float, y: float, at: tuple[float, float, float]) -> tuple[float, float]:
    """A point of a footprint placed at (x, y, rotation in degrees, KiCad's sense: y down,
    a positive angle turns counter-clockwise on screen)."""
    ox, oy, rot = at
    a = math.radians(rot)
    c, s = round(math.cos(a), 12), round(math.sin(a), 12)
    return (ox + x * c + y * s, oy - x * s + y * c)
