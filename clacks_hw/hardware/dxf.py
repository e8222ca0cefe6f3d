"""The top panel's DXF for laser cutters: OpenSCAD's export (loose LINE segments, no units)
joined into one closed LWPOLYLINE per cut, in millimetres ($INSUNITS 4), on a layer "CUT".
"""

from __future__ import annotations

from .data import HardwareError


def _pairs(text: str) -> list:
    lines = text.splitlines()
    return [(lines[k].strip(), lines[k + 1].strip()) for k in range(0, len(lines) - 1, 2)]


def read_lines(text: str) -> list:
    """The LINE entities of a DXF as ((x1, y1), (x2, y2))."""
    out, cur = [], None
    for code, value in _pairs(text):
        if code == "0":
            if cur is not None and len(cur) == 4:
                out.append(((cur["10"], cur["20"]), (cur["11"], cur["21"])))
            cur = {} if value == "LINE" else None
        elif cur is not None and code in ("10", "20", "11", "21"):
            cur[code] = float(value)
    return out


def join(segments: list) -> list:
    """Chain segments end to end into closed loops; an end that meets nothing is an error."""
    def key(p):
        return (round(p[0], 4), round(p[1], 4))

    ends: dict = {}
    for k, (a, b) in enumerate(segments):
        ends.setdefault(key(a), []).append(k)
        ends.setdefault(key(b), []).append(k)
    odd = [p for p, ks in ends.items() if len(ks) % 2]
    if odd:
        raise HardwareError(f"the panel's outline is not closed near ({odd[0][0]:g}, {odd[0][1]:g}) mm")
    used, loops = set(), []
    for first in range(len(segments)):
        if first in used:
            continue
        used.add(first)
        start, here = segments[first]
        loop = [start]
        while key(here) != key(start):
            loop.append(here)
            nxt = next(k for k in ends[key(here)] if k not in used)
            used.add(nxt)
            a, b = segments[nxt]
            here = b if key(a) == key(here) else a
        loops.append(loop)
    return loops


def _group(code: int, value) -> str:
    if isinstance(value, float):
        value = f"{round(value, 4):g}"
    return f"{code:>3}\n{value}\n"


def write(loops: list, layer: str = "CUT") -> str:
    """A DXF (AutoCAD 2000) holding ``loops`` as closed LWPOLYLINEs, units millimetres."""
    return write_layers({layer: loops})


def write_layers(layers: dict) -> str:
    """A DXF holding each layer's loops (layer name -> loops) on a layer of that name."""
    every = [loop for loops in layers.values() for loop in loops]
    xs = [p[0] for loop in every for p in loop] or [0.0]
    ys = [p[1] for loop in every for p in loop] or [0.0]
    out = [_group(0, "SECTION"), _group(2, "HEADER"),
           _group(9, "$ACADVER"), _group(1, "AC1015"),
           _group(9, "$INSUNITS"), _group(70, 4),  # 4 = millimetres
           _group(9, "$MEASUREMENT"), _group(70, 1),  # metric
           _group(9, "$EXTMIN"), _group(10, min(xs)), _group(20, min(ys)), _group(30, 0.0),
           _group(9, "$EXTMAX"), _group(10, max(xs)), _group(20, max(ys)), _group(30, 0.0),
           _group(0, "ENDSEC"),
           _group(0, "SECTION"), _group(2, "TABLES"), _group(0, "TABLE"), _group(2, "LAYER"), _group(70, len(layers))]
    for k, layer in enumerate(layers, 1):
        out += [_group(0, "LAYER"), _group(2, layer), _group(70, 0), _group(62, k), _group(6, "CONTINUOUS")]
    out += [_group(0, "ENDTAB"), _group(0, "ENDSEC"), _group(0, "SECTION"), _group(2, "ENTITIES")]
    for layer, loops in layers.items():
        for loop in loops:
            out += [_group(0, "LWPOLYLINE"), _group(100, "AcDbEntity"), _group(8, layer),
                    _group(100, "AcDbPolyline"), _group(90, len(loop)), _group(70, 1)]
            for x, y in loop:
                out += [_group(10, float(x)), _group(20, float(y))]
    out += [_group(0, "ENDSEC"), _group(0, "EOF")]
    return "".join(out)


def joined(text: str) -> str:
    """OpenSCAD's DXF export, rewritten with joined outlines and units."""
    return write(join(read_lines(text)))


def polylines(text: str) -> list:
    """The closed LWPOLYLINEs of a DXF we wrote, as point lists (for checks and tests)."""
    out, cur = [], None
    for code, value in _pairs(text):
        if code == "0":
            if cur is not None:
                out.append(cur)
            cur = [] if value == "LWPOLYLINE" else None
        elif cur is not None and code == "10":
            cur.append([float(value)])
        elif cur is not None and code == "20":
            cur[-1].append(float(value))
    return [[tuple(p) for p in loop] for loop in out]
