"""How parts go together: what every part model declares so the assembly can be built and checked.

Each part, printed (pieces.py) or bought (bought.py), is modelled in its OWN frame: the frame
of its STL (a printed part lies as it prints, on the bed at z = 0). Besides its shape it declares:

``placements``
    Where each copy sits in the assembled board: one Placement per copy, so the part's quantity
    is their number. A Placement is OpenSCAD's ``translate(t) rotate(r)``: r in degrees, about x,
    then y, then z, then the move. The ASSEMBLY FRAME is the base pieces' STL frame: x east,
    y north, z up from the underside of the base floor, origin at the board's south-west corner
    (a plan point (x, y), y measured south from the north edge, is (x, width - y) here).
``inserts``
    Every hole that takes a screw's thread, in the part's own frame: a heat-set insert (``part``
    names its parts.toml table, e.g. "insert_m3") or a self-tapping pilot hole (``part`` = "").
    ``at`` is the centre of the hole's mouth, ``axis`` the unit vector pointing into the hole,
    ``depth`` how deep the hole is. The size ("M3") must match the screw's.
``screws``
    Every screw that goes in through this part, in the part's own frame: ``at`` where the
    underside of its head bears, ``axis`` the unit vector from head to tip, ``part`` its
    parts.toml table (e.g. "screw_m3x10"), which gives its size and length.

The assembly check (assembly_check.py) fails the build when two parts' meshes intersect (by
volume: faces that only touch are fine), when a screw finds no insert or pilot of its size on
its axis, engages it less than the size's ``engage`` (parts.toml) or would bottom out in the hole,
when an insert or pilot takes no screw, and when a bought board (one with ``clearance`` in
parts.toml) comes closer than that to any part but its own screws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Vec = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float, float], ...]  # 4 rows, the last (0, 0, 0, 1)


def _rx(a: float) -> list:
    c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
    return [[1, 0, 0], [0, c, -s], [0, s, c]]


def _ry(a: float) -> list:
    c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
    return [[c, 0, s], [0, 1, 0], [-s, 0, c]]


def _rz(a: float) -> list:
    c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


def _mul(a: list, b: list) -> list:
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def _clean(v: float) -> float:
    """Round away float noise (cos 90 = 6e-17) so matrices and assembly.json are stable."""
    r = round(v, 9)
    return 0.0 if r == 0 else r


@dataclass(frozen=True)
class Placement:
    """One copy of a part in the assembly: OpenSCAD's translate(translate) rotate(rotate)."""

    translate: Vec = (0.0, 0.0, 0.0)
    rotate: Vec = (0.0, 0.0, 0.0)
    label: str = ""  # which copy this is, where a part has several ("SE", "corner 1")

    def matrix(self) -> Matrix:
        rx, ry, rz = self.rotate
        r = _mul(_rz(rz), _mul(_ry(ry), _rx(rx)))  # OpenSCAD: x first, then y, then z
        return tuple(tuple(_clean(v) for v in (*r[i], self.translate[i])) for i in range(3)) + ((0.0, 0.0, 0.0, 1.0),)

    def point(self, p: Vec) -> Vec:
        m = self.matrix()
        return tuple(_clean(m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3]) for i in range(3))

    def vector(self, v: Vec) -> Vec:
        m = self.matrix()
        return tuple(_clean(m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]) for i in range(3))

    def then(self, outer: Placement) -> Placement:
        """This placement followed by ``outer`` (a part placed inside a placed assembly)."""
        return Placement(outer.point(self.translate), _compose_angles(outer, self), self.label)


def along(at: Vec, axis: Vec, label: str = "") -> Placement:
    """The placement that puts a model whose axis is -z (a screw, an insert) at ``at`` along ``axis``."""
    n = math.sqrt(sum(c * c for c in axis))
    ax, ay, az = (c / n for c in axis)
    rx = math.degrees(math.acos(max(-1.0, min(1.0, -az))))  # tilt -z away from straight down...
    rz = math.degrees(math.atan2(-ax, ay)) if abs(az) < 1 - 1e-12 else 0.0  # ...then turn it to the axis
    return Placement(tuple(_clean(c) for c in at), (_clean(round(rx, 9)), 0.0, _clean(round(rz, 9))), label)


def _compose_angles(outer: Placement, inner: Placement) -> Vec:
    """Euler angles (OpenSCAD's x-y-z order) of outer's rotation after inner's."""
    a, b = outer.matrix(), inner.matrix()
    r = _mul([list(row[:3]) for row in a[:3]], [list(row[:3]) for row in b[:3]])
    sy = -r[2][0]
    ry = math.degrees(math.asin(max(-1.0, min(1.0, sy))))
    if abs(sy) < 1 - 1e-9:
        rx = math.degrees(math.atan2(r[2][1], r[2][2]))
        rz = math.degrees(math.atan2(r[1][0], r[0][0]))
    else:  # gimbal lock: put it all in x
        rx, rz = math.degrees(math.atan2(-r[1][2], r[1][1])), 0.0
    return tuple(_clean(round(v, 6)) for v in (rx, ry, rz))


@dataclass(frozen=True)
class Insert:
    """A hole that takes a screw's thread, in its part's own frame (see the module's docstring)."""

    name: str
    at: Vec  # centre of the hole's mouth
    axis: Vec  # unit vector into the hole
    size: str  # "M3", "M2.5", ...
    depth: float  # of the hole, from the mouth
    part: str = ""  # parts.toml table of the heat-set insert; "" = a self-tapping pilot hole


@dataclass(frozen=True)
class Screw:
    """A screw put in through its part, in that part's own frame (see the module's docstring)."""

    name: str
    at: Vec  # where the underside of the head bears
    axis: Vec  # unit vector from head to tip
    part: str  # parts.toml table of the screw: its size and length


DOWN: Vec = (0.0, 0.0, -1.0)
UP: Vec = (0.0, 0.0, 1.0)
