"""A grid maze router for a board's two layers (A* over 0.25 mm cells, 45-degree moves).

Nets are routed one at a time, widest first, each pad joined to the net's tree by the cheapest
path; the bottom layer is the ground plane, so a track there (and each via) costs extra. A
cell is open to a net when no other net's copper lies within half the track's width plus the
clearance; the result is checked again by KiCad's own DRC, which fails the build on any error.
Deterministic: the same circuit and placement give the same tracks.
"""

from __future__ import annotations

import heapq
import math
from array import array
from dataclasses import dataclass, field

from ..data import HardwareError

PITCH = 0.25
CLEARANCE = 0.25  # the router's; KiCad's rule is 0.2 mm, the rest absorbs grid rounding
EDGE = 0.6  # copper to board edge
VIA = (0.8, 0.4)  # diameter, drill
HOLE_TO_HOLE = 0.3  # mm between drills' edges: KiCad's rule is 0.25, the rest absorbs grid rounding
VIA_COST, BOTTOM_COST = 12.0, 3.0
SMD_NECK = 0.5  # mm: the widest track that meets a surface-mount pad
NECK_MM = 2.5  # and how far from the pad it stays that narrow
HURRY = 1.5  # A*'s heuristic weight
BLOCKED = -1
MOVES = [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
         (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2)), (-1, 1, math.sqrt(2)), (-1, -1, math.sqrt(2))]


class RouteError(HardwareError):
    """A net could not be routed: the placement leaves it no way through."""


@dataclass(frozen=True)
class Shape:
    """Copper: a rectangle (pad), a disc (via, round pad) or a segment (track) of one net."""

    net: str
    layers: tuple[int, ...]  # 0 = top (F.Cu), 1 = bottom (B.Cu)
    kind: str  # rect | disc | seg
    a: tuple[float, float]  # rect: centre; disc: centre; seg: start
    b: tuple[float, float] = (0.0, 0.0)  # rect: half sizes; seg: end
    r: float = 0.0  # disc radius; seg half width

    def distance(self, x: float, y: float) -> float:
        if self.kind == "rect":
            dx = max(abs(x - self.a[0]) - self.b[0], 0.0)
            dy = max(abs(y - self.a[1]) - self.b[1], 0.0)
            return math.hypot(dx, dy)
        if self.kind == "disc":
            return max(math.hypot(x - self.a[0], y - self.a[1]) - self.r, 0.0)
        (x0, y0), (x1, y1) = self.a, self.b
        vx, vy = x1 - x0, y1 - y0
        t = 0.0 if vx == vy == 0 else max(0.0, min(1.0, ((x - x0) * vx + (y - y0) * vy) / (vx * vx + vy * vy)))
        return max(math.hypot(x - x0 - t * vx, y - y0 - t * vy) - self.r, 0.0)

    def bbox(self) -> tuple[float, float, float, float]:
        if self.kind == "rect":
            return (self.a[0] - self.b[0], self.a[1] - self.b[1], self.a[0] + self.b[0], self.a[1] + self.b[1])
        if self.kind == "disc":
            return (self.a[0] - self.r, self.a[1] - self.r, self.a[0] + self.r, self.a[1] + self.r)
        return (min(self.a[0], self.b[0]) - self.r, min(self.a[1], self.b[1]) - self.r,
                max(self.a[0], self.b[0]) + self.r, max(self.a[1], self.b[1]) + self.r)


@dataclass(frozen=True)
class Terminal:
    """A pad to connect: its centre and the layers it is on."""

    ref: str
    pad: str
    x: float
    y: float
    layers: tuple[int, ...]


@dataclass
class Routed:
    tracks: list = field(default_factory=list)  # (net, layer, (x0, y0), (x1, y1), width)
    vias: list = field(default_factory=list)  # (net, (x, y))


class Router:
    def __init__(self, size: tuple[float, float], shapes: list, keepouts: list, drills: list = ()):
        """``drills``: (x, y, diameter) of every plated hole: a via's drill keeps HOLE_TO_HOLE from
        each, even one of its own net (a board house drills them apart)."""
        self.w, self.h = size
        self.nx, self.ny = int(self.w / PITCH) + 1, int(self.h / PITCH) + 1
        self.shapes = list(shapes)
        self.no_via = set()
        for x, y, d in drills:
            reach = d / 2 + VIA[1] / 2 + HOLE_TO_HOLE
            i0, j0 = self._cell(x - reach, y - reach)
            i1, j1 = self._cell(x + reach, y + reach)
            self.no_via |= {j * self.nx + i for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)
                            if math.hypot(i * PITCH - x, j * PITCH - y) < reach}
        self.keepouts = [Shape("", (0, 1), "disc", (x, y), r=r) for x, y, r in keepouts]  # mounting holes
        self.ids: dict = {}
        self.grids: dict = {}  # half width -> [top, bottom]: per cell 0 free, a net id, or BLOCKED
        self.out = Routed()
        self.routed: list = []  # the tracks and vias laid so far (pads are not in it)

    def _id(self, net: str) -> int:
        return self.ids.setdefault(net, len(self.ids) + 1)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        return (min(max(round(x / PITCH), 0), self.nx - 1), min(max(round(y / PITCH), 0), self.ny - 1))

    def _paint(self, grids: list, s: Shape, reach: float, nid: int) -> None:
        x0, y0, x1, y1 = s.bbox()
        i0, j0 = self._cell(x0 - reach, y0 - reach)
        i1, j1 = self._cell(x1 + reach, y1 + reach)
        nx = self.nx
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                if s.distance(i * PITCH, j * PITCH) < reach:
                    for layer in s.layers:
                        g, k = grids[layer], j * nx + i
                        v = g[k]
                        if v == 0:
                            g[k] = nid
                        elif v != nid:
                            g[k] = BLOCKED

    def _grid(self, half: float) -> list:
        """Per layer, for a track of half width ``half``: which net's copper is within reach of
        each cell (BLOCKED where two nets' are, or the board edge, or a mounting hole)."""
        if half in self.grids:
            return self.grids[half]
        grids = [array("i", bytes(4 * self.nx * self.ny)) for _ in range(2)]
        m = EDGE + half
        for j in range(self.ny):
            for i in range(self.nx):
                x, y = i * PITCH, j * PITCH
                if x < m or y < m or x > self.w - m or y > self.h - m:
                    grids[0][j * self.nx + i] = grids[1][j * self.nx + i] = BLOCKED
        for s in self.keepouts:
            self._paint(grids, s, half + CLEARANCE, BLOCKED)
        for s in self.shapes:
            self._paint(grids, s, half + CLEARANCE, self._id(s.net))
        self.grids[half] = grids
        return grids

    def _add(self, s: Shape) -> None:
        self.shapes.append(s)
        for half, grids in self.grids.items():
            self._paint(grids, s, half + CLEARANCE, self._id(s.net))

    def route(self, net: str, terminals: list, width: float, smd_to_plane: bool = False, extend: bool = False) -> None:
        """Join ``terminals`` (the first is the tree's root); ``extend``: join them to the copper
        the net already has instead; ``smd_to_plane``: drop each top-only terminal to the bottom
        plane through a via next to it."""
        nid = self._id(net)
        via_block = self._grid(VIA[0] / 2)
        tree: set = set()
        todo = list(terminals)
        if extend:
            tree = self._cells_of(net)
        elif not smd_to_plane:
            first = todo.pop(0)
            tree |= {(layer, *self._cell(first.x, first.y)) for layer in first.layers}
        narrow = min(width, SMD_NECK)
        # A wide track meets (and leaves) a surface-mount pad among fine-pitch neighbours by a
        # narrow neck: near every such pad of the net, the one it goes to and those it starts from.
        necks = set()
        if narrow < width:
            for t in terminals:
                if t.layers == (0,):
                    necks |= self._neck(t)
        grids = (self._grid(width / 2), self._grid(narrow / 2))
        while todo:
            # the terminal nearest the tree next (by straight distance), so trees grow compactly
            t = min(todo, key=lambda t: min((math.hypot(t.x - c[1] * PITCH, t.y - c[2] * PITCH) for c in tree),
                                            default=0.0))
            todo.remove(t)
            goal = self._goal(net, t, grids[1])
            neck = necks
            path = self._astar(tree, goal, grids, via_block, nid, to_plane=smd_to_plane, neck=neck)
            if path is None:
                raise RouteError(f"net {net}: no way from the tree to {t.ref} pad {t.pad}")
            self._commit(net, path, width, narrow, neck)
            tree |= set(path)
            if smd_to_plane:
                tree = set()

    def _goal(self, net: str, t: Terminal, grid: list) -> set:
        """The cells a track may end on to reach ``t``: its pad's centre, and any cell on the pad
        no other net's copper is near (the end of a track anywhere on the pad joins it; a pad
        whose centre is boxed in is still met from its open side)."""
        goal = {(layer, *self._cell(t.x, t.y)) for layer in t.layers}
        pad = next((s for s in self.shapes if s.net == net and s.kind != "seg" and s.a == (t.x, t.y)), None)
        if pad is None:
            return goal
        nid = self._id(net)
        x0, y0, x1, y1 = pad.bbox()
        i0, j0 = self._cell(x0, y0)
        i1, j1 = self._cell(x1, y1)
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                if pad.distance(i * PITCH, j * PITCH) == 0.0:
                    for layer in t.layers:
                        if grid[layer][j * self.nx + i] in (0, nid):
                            goal.add((layer, i, j))
        return goal

    def _neck(self, t: Terminal) -> set:
        """Top-layer cell indices within NECK_MM of a pad: where its track runs narrow."""
        i0, j0 = self._cell(t.x - NECK_MM, t.y - NECK_MM)
        i1, j1 = self._cell(t.x + NECK_MM, t.y + NECK_MM)
        return {j * self.nx + i for j in range(j0, j1 + 1) for i in range(i0, i1 + 1)
                if math.hypot(i * PITCH - t.x, j * PITCH - t.y) <= NECK_MM}

    def _cells_of(self, net: str) -> set:
        """The cells under the net's tracks and vias: where a new branch may start."""
        out = set()
        for s in self.routed:
            if s.net != net:
                continue
            a, b = s.a, (s.b if s.kind == "seg" else s.a)
            n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / PITCH))
            for k in range(n + 1):
                c = self._cell(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                out |= {(layer, *c) for layer in s.layers}
        return out

    def _astar(self, sources: set, goals: set, grids: tuple, via_block: list, nid: int, to_plane: bool,
               neck: set = frozenset()):
        """Cheapest path from any of ``sources`` to any of ``goals`` (cells as (layer, i, j));
        with ``to_plane``, from the pad's cells (``goals``) to the nearest cell a via may take.
        The heuristic is weighted (HURRY): near-shortest paths, found many times faster."""
        nx, ny = self.nx, self.ny
        size = nx * ny
        if to_plane:
            sources, goals = goals, None
        goal_ids = {layer * size + j * nx + i for layer, i, j in goals} if goals else set()
        # the goal is one pad: its cells' middle guides the search (a cell's distance to each of
        # them would cost the search many times over for the same path)
        gxy = [(sum(i for _, i, _ in goals) / len(goals), sum(j for _, _, j in goals) / len(goals))] if goals else []
        top, bottom = via_block

        def h(i: int, j: int) -> float:
            return HURRY * min(math.hypot(i - a, j - b) for a, b in gxy) if gxy else 0.0

        dist: dict = {}
        prev: dict = {}
        heap: list = []
        for layer, i, j in sorted(sources):
            k = layer * size + j * nx + i
            dist[k] = 0.0
            heapq.heappush(heap, (h(i, j), 0.0, k))
        while heap:
            _, d, cur = heapq.heappop(heap)
            if d > dist[cur]:
                continue
            layer, idx = divmod(cur, size)
            j, i = divmod(idx, nx)
            if cur in goal_ids:
                return self._path(prev, cur, size)
            via_here = top[idx] in (0, nid) and bottom[idx] in (0, nid) and idx not in self.no_via
            if to_plane and d > 0 and via_here:
                return self._path(prev, cur, size) + [(1, i, j)]
            g, g_neck = grids[0][layer], grids[1][layer]
            mul = BOTTOM_COST if layer else 1.0
            for di, dj, c in MOVES:
                ni, nj = i + di, j + dj
                if not (0 <= ni < nx and 0 <= nj < ny):
                    continue
                nidx = nj * nx + ni
                nxt = layer * size + nidx
                if (g_neck if layer == 0 and nidx in neck else g)[nidx] not in (0, nid) and nxt not in goal_ids:
                    continue
                nd = d + c * mul
                if nd < dist.get(nxt, math.inf):
                    dist[nxt], prev[nxt] = nd, cur
                    heapq.heappush(heap, (nd + h(ni, nj), nd, nxt))
            if not to_plane and via_here:
                nxt = (1 - layer) * size + idx
                nd = d + VIA_COST
                if nd < dist.get(nxt, math.inf):
                    dist[nxt], prev[nxt] = nd, cur
                    heapq.heappush(heap, (nd + h(i, j), nd, nxt))
        return None

    def _path(self, prev: dict, cur: int, size: int) -> list:
        out = [cur]
        while cur in prev:
            cur = prev[cur]
            out.append(cur)
        cells = []
        for k in reversed(out):
            layer, idx = divmod(k, size)
            j, i = divmod(idx, self.nx)
            cells.append((layer, i, j))
        return cells

    def _commit(self, net: str, path: list, width: float, narrow: float, neck: set) -> None:
        """Straight runs become tracks (narrow inside a pad's neck), layer changes vias."""
        def in_neck(c):
            return c[0] == 0 and c[2] * self.nx + c[1] in neck

        runs, start = [], 0
        for k in range(1, len(path)):
            a, b = path[k - 1], path[k]
            if a[0] != b[0]:  # a via: the run ends, the next starts on the other layer
                self._via(net, (b[1] * PITCH, b[2] * PITCH))
                runs.append(path[start:k])
                start = k
            elif in_neck(b) and not in_neck(a):  # into a neck: narrow from the last wide cell on
                runs.append(path[start:k])
                start = k - 1
            elif in_neck(a) and not in_neck(b):  # out of it: narrow up to the first wide cell
                runs.append(path[start:k + 1])
                start = k
        runs.append(path[start:])
        for run in runs:
            if len(run) < 2:
                continue
            layer, w = run[0][0], narrow if any(in_neck(c) for c in run) else width
            corners = [run[0]]
            for k in range(1, len(run) - 1):
                a, b, c = run[k - 1], run[k], run[k + 1]
                if (b[1] - a[1], b[2] - a[2]) != (c[1] - b[1], c[2] - b[2]):
                    corners.append(b)
            corners.append(run[-1])
            for a, b in zip(corners, corners[1:]):
                if a[1:] != b[1:]:
                    self._track(net, layer, (a[1] * PITCH, a[2] * PITCH), (b[1] * PITCH, b[2] * PITCH), w)

    def _track(self, net, layer, a, b, width) -> None:
        self.out.tracks.append((net, layer, tuple(round(v, 4) for v in a), tuple(round(v, 4) for v in b), width))
        self._add(Shape(net, (layer,), "seg", a, b, width / 2))
        self.routed.append(self.shapes[-1])

    def _via(self, net, p) -> None:
        self.out.vias.append((net, tuple(round(v, 4) for v in p)))
        self._add(Shape(net, (0, 1), "disc", p, r=VIA[0] / 2))
        self.routed.append(self.shapes[-1])
