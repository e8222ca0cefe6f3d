"""Light leaks between lamp cells, found by casting rays against the rendered baffle.

From points spread over each lamp LED's top to points spread over each neighbouring cell's
diffuser (its face in the panel's window, seen from below), every straight segment must hit
baffle material: a triangle of the baffle grid's or the LED tray's STL, placed as assembled.
A segment that misses them all is light from one lamp lighting its neighbour's tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout
from .mesh import Mesh

CHUNK = 48  # segments tested against all triangles at once (memory: CHUNK x triangles x 3 floats)


@dataclass(frozen=True)
class Leak:
    source: int  # lamp whose LED shines
    target: int  # lamp whose diffuser it reaches
    paths: int  # how many of the sampled segments get through
    tried: int
    example: tuple  # one segment that gets through: (start xyz, end xyz), OpenSCAD's frame

    def __str__(self) -> str:
        (a, b) = self.example
        return (f"lamp {self.source} lights lamp {self.target}'s diffuser: {self.paths} of {self.tried} straight "
                f"paths miss the baffle, e.g. from ({a[0]:.1f}, {a[1]:.1f}, {a[2]:.1f}) to "
                f"({b[0]:.1f}, {b[1]:.1f}, {b[2]:.1f})")


def _grid(x0: float, y0: float, x1: float, y1: float, n: int) -> list:
    return [(x0 + (x1 - x0) * i / (n - 1), y0 + (y1 - y0) * j / (n - 1)) for i in range(n) for j in range(n)]


def led_points(lay: Layout, lamp: int, n: int = 3) -> list:
    """The top of the LED package at the cell's centre, in OpenSCAD's frame (y north)."""
    led, bf = lay.hw.parts["lamp_led"], lay.hw.board["baffle"]
    _, x, y = lay.lamp_leds[lamp]
    s = led["package"] / 2
    z = lay.z_baffle + bf["floor"] + led["size"][2]
    return [(px, lay.width - py, z) for px, py in _grid(x - s, y - s, x + s, y + s, n)]


def diffuser_points(lay: Layout, lamp: int, n: int = 13) -> list:
    """The diffuser's underside, flush with the panel's underside in the window."""
    _, r = lay.windows[lamp]
    fit = lay.hw.board["diffuser"]["fit"]
    radius = max(lay.hw.board["panel"]["window_radius"] - fit, 0)
    x0, y0, x1, y1 = r.x0 + fit, r.y0 + fit, r.x1 - fit, r.y1 - fit
    out = []
    for px, py in _grid(x0, y0, x1, y1, n):
        cx, cy = min(max(px, x0 + radius), x1 - radius), min(max(py, y0 + radius), y1 - radius)
        if (px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2 + 1e-9:  # inside the rounded corners
            out.append((px, lay.width - py, lay.z_panel))
    return out


def neighbours(lamp: int) -> list:
    row, col = divmod(lamp, 4)
    return [r * 4 + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if 0 <= r < 4 and 0 <= c < 4 and (r, c) != (row, col)]


def _triangles(placed: list):
    import numpy as np
    tris = []
    for mesh, (dx, dy, dz) in placed:
        v = np.asarray(mesh.vertices, dtype=float) + np.array([dx, dy, dz])
        tris.append(v[np.asarray(mesh.faces, dtype=int)])
    return np.concatenate(tris) if tris else np.zeros((0, 3, 3))


def _blocked(starts, ends, tris):
    """For each segment, whether it crosses any triangle strictly between its ends (Moller-Trumbore)."""
    import numpy as np
    out = np.zeros(len(starts), dtype=bool)
    if not len(tris):
        return out
    v0, e1, e2 = tris[:, 0], tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]
    for k in range(0, len(starts), CHUNK):
        o = starts[k:k + CHUNK, None, :]
        d = ends[k:k + CHUNK, None, :] - o
        h = np.cross(d, e2[None])
        a = np.einsum("stk,tk->st", h, e1)
        ok = np.abs(a) > 1e-12
        f = np.where(ok, 1.0 / np.where(ok, a, 1.0), 0.0)
        s = o - v0[None]
        u = f * np.einsum("stk,stk->st", s, h)
        q = np.cross(s, e1[None])
        v = f * np.einsum("stk,stk->st", d, q)
        t = f * np.einsum("stk,tk->st", q, e2)
        hit = ok & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-6) & (t < 1 - 1e-6)
        out[k:k + CHUNK] = hit.any(axis=1)
    return out


def paths(lay: Layout, led_n: int = 3, diffuser_n: int = 13) -> int:
    """How many straight paths leaks() tries."""
    return sum(len(led_points(lay, i, led_n)) * len(diffuser_points(lay, j, diffuser_n))
               for i in range(16) for j in neighbours(i))


def leaks(lay: Layout, placed: list, led_n: int = 3, diffuser_n: int = 13) -> list:
    """Every (lamp, neighbour) pair some straight path joins past the baffle; [] when light-tight.

    ``placed``: (mesh, (dx, dy, dz)) for each baffle part, its STL moved to where it sits.
    """
    import numpy as np
    tris = _triangles(placed)
    lo, hi = tris.min(axis=1), tris.max(axis=1)
    out = []
    for i in range(16):
        src = led_points(lay, i, led_n)
        for j in neighbours(i):
            dst = diffuser_points(lay, j, diffuser_n)
            starts = np.repeat(np.asarray(src, dtype=float), len(dst), axis=0)
            ends = np.tile(np.asarray(dst, dtype=float), (len(src), 1))
            box_lo, box_hi = np.minimum(starts.min(0), ends.min(0)), np.maximum(starts.max(0), ends.max(0))
            near = np.all(hi >= box_lo - 0.1, axis=1) & np.all(lo <= box_hi + 0.1, axis=1)
            free = ~_blocked(starts, ends, tris[near])
            if free.any():
                k = int(np.argmax(free))
                out.append(Leak(i, j, int(free.sum()), len(free), (tuple(starts[k]), tuple(ends[k]))))
    return out
