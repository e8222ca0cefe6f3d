"""Triangle meshes read from STL files, and the checks a maker makes before printing one:
it is one watertight body, and it prints as stored (z up, lying on z = min) without supports.

The print rules (board.toml [print]): no surface faces down more steeply than `overhang`
degrees from vertical, except flat ceilings that bridge at most `bridge` mm between two
supported edges, laid one way across the whole ceiling as a slicer lays a bridge. A flat
ceiling's edge is supported where the surface next to it goes down
(a wall under it) and free where it goes up (the ceiling sticks out into the air there).
"""

from __future__ import annotations

import math
import re
import struct
from collections import defaultdict
from dataclasses import dataclass

VERTEX = re.compile(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)")
FLAT = 1e-6  # a ceiling's normal is straight down within this (OpenSCAD's extrusions are exact)
EPS = 1e-4  # mm: heights and distances closer than this are equal


@dataclass
class Mesh:
    vertices: list  # (x, y, z)
    faces: list  # (a, b, c) indices, counter-clockwise seen from outside

    @property
    def bounds(self) -> tuple:
        xs, ys, zs = zip(*self.vertices) if self.vertices else ((0,), (0,), (0,))
        return (min(xs), min(ys), min(zs)), (max(xs), max(ys), max(zs))

    def normal(self, f: tuple) -> tuple:
        """Unit normal and area of face f."""
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = (self.vertices[i] for i in f)
        ux, uy, uz, vx, vy, vz = bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az
        nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        if length == 0:
            return (0.0, 0.0, 0.0), 0.0
        return (nx / length, ny / length, nz / length), length / 2

    def volume(self) -> float:
        """Signed volume (positive for an outward-facing closed mesh), in mm3."""
        total = 0.0
        for a, b, c in self.faces:
            (ax, ay, az), (bx, by, bz), (cx, cy, cz) = self.vertices[a], self.vertices[b], self.vertices[c]
            total += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
        return total / 6


def read_stl(data: bytes) -> Mesh:
    """An ASCII or binary STL; equal corners become one vertex so edges can be matched."""
    if data[:5] == b"solid" and b"facet" in data[:400]:
        corners = [tuple(float(v) for v in m.groups()) for m in VERTEX.finditer(data)]
    else:
        (count,) = struct.unpack_from("<I", data, 80)
        corners = []
        for k in range(count):
            values = struct.unpack_from("<12f", data, 84 + 50 * k)
            corners += [values[3:6], values[6:9], values[9:12]]
    index: dict = {}
    vertices, faces = [], []
    for k in range(0, len(corners) - 2, 3):
        tri = []
        for p in corners[k:k + 3]:
            key = (round(p[0], 5), round(p[1], 5), round(p[2], 5))
            if key not in index:
                index[key] = len(vertices)
                vertices.append(key)
            tri.append(index[key])
        if len(set(tri)) == 3:  # a sliver with two equal corners is no surface
            faces.append(tuple(tri))
    return Mesh(vertices, faces)


def _edges(mesh: Mesh) -> dict:
    """Each directed edge (a, b) to the faces that run along it in that direction."""
    out = defaultdict(list)
    for k, (a, b, c) in enumerate(mesh.faces):
        for e in ((a, b), (b, c), (c, a)):
            out[e].append(k)
    return out


def watertight_problems(mesh: Mesh) -> list:
    """Every edge shared by exactly two triangles, running opposite ways (a closed, oriented surface)."""
    edges = _edges(mesh)
    open_edges = sum(1 for (a, b), fs in edges.items() if not edges.get((b, a)))
    crowded = sum(1 for (a, b), fs in edges.items() if a < b and len(fs) + len(edges.get((b, a), ())) > 2)
    flipped = sum(1 for (a, b), fs in edges.items() if len(fs) > 1)
    out = []
    if open_edges:
        out.append(f"{open_edges} edge(s) belong to one triangle only: the surface has holes")
    if crowded:
        out.append(f"{crowded} edge(s) are shared by more than two triangles: bodies touch along an edge")
    if flipped and not crowded:
        out.append(f"{flipped} edge(s) run the same way in both triangles: faces turned inside out")
    if not mesh.faces:
        out.append("no triangles at all")
    elif mesh.volume() <= 0:
        out.append("the surface encloses no volume (turned inside out)")
    return out


def shells(mesh: Mesh) -> int:
    """How many separate surfaces: triangles joined through shared edges."""
    parent = list(range(len(mesh.faces)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owners = defaultdict(list)
    for k, (a, b, c) in enumerate(mesh.faces):
        for e in ((a, b), (b, c), (c, a)):
            owners[frozenset(e)].append(k)
    for fs in owners.values():
        for other in fs[1:]:
            parent[root(other)] = root(fs[0])
    return len({root(k) for k in range(len(mesh.faces))})


@dataclass(frozen=True)
class Overhang:
    kind: str  # "slope": steeper than allowed; "bridge": a flat ceiling not held at both ends
    z: float
    area: float  # mm2
    box: tuple  # (x0, y0, x1, y1) of the faces concerned
    span: float = 0.0  # for a bridge: the shortest held span found at its worst point (inf: none)

    def __str__(self) -> str:
        where = f"at z = {self.z:.1f} mm, x {self.box[0]:.1f}..{self.box[2]:.1f}, y {self.box[1]:.1f}..{self.box[3]:.1f}"
        if self.kind == "slope":
            return f"{self.area:.1f} mm2 of overhang steeper than allowed {where}"
        held = "held at one end only or not at all" if math.isinf(self.span) else f"a {self.span:.1f} mm span"
        return f"a flat ceiling of {self.area:.1f} mm2 {where} is not a short bridge ({held})"


def overhangs(mesh: Mesh, max_angle: float = 45.0, max_bridge: float = 10.0) -> list:
    """What needs support when printed as stored: steep slopes, and ceilings that are no short bridge."""
    (_, _, z0), _ = mesh.bounds
    limit = math.sin(math.radians(max_angle)) + 1e-3
    slopes: dict = defaultdict(lambda: [0.0, [math.inf, math.inf, -math.inf, -math.inf]])
    ceilings = []
    for k, f in enumerate(mesh.faces):
        (_, _, nz), area = mesh.normal(f)
        if nz >= -limit or area < 1e-9:
            continue
        zs = [mesh.vertices[i][2] for i in f]
        if nz < -1 + FLAT:
            if min(zs) > z0 + EPS:
                ceilings.append(k)
            continue
        if max(zs) <= z0 + EPS:
            continue
        entry = slopes[round(min(zs), 1)]
        entry[0] += area
        _grow(entry[1], [mesh.vertices[i] for i in f])
    out = [Overhang("slope", z, a, tuple(box)) for z, (a, box) in sorted(slopes.items())]
    return out + _bridge_problems(mesh, ceilings, max_bridge)


def _grow(box: list, points) -> None:
    for x, y, _ in points:
        box[0], box[1], box[2], box[3] = min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)


def _bridge_problems(mesh: Mesh, ceilings: list, max_bridge: float) -> list:
    """Group flat ceilings into connected regions; each must be bridged everywhere."""
    edges = _edges(mesh)
    in_region = set(ceilings)
    seen, out = set(), []
    for start in ceilings:
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:  # flood through shared edges to the other ceiling faces at this height
            k = todo.pop()
            region.append(k)
            a, b, c = mesh.faces[k]
            for e in ((b, a), (c, b), (a, c)):
                for other in edges.get(e, ()):
                    if other in in_region and other not in seen:
                        seen.add(other)
                        todo.append(other)
        problem = _unbridged(mesh, edges, region, in_region, max_bridge)
        if problem:
            out.append(problem)
    return out


def _boundary(mesh: Mesh, edges: dict, region: list, in_region: set, z: float) -> list:
    """The region's outline as (a, b, held) 2D segments: held where the surface beyond goes down."""
    out = []
    for k in region:
        a, b, c = mesh.faces[k]
        for (p, q), third in (((a, b), c), ((b, c), a), ((c, a), b)):
            beyond = [o for o in edges.get((q, p), ()) if o not in in_region]
            if not beyond and edges.get((q, p)):
                continue  # an inner edge between two ceiling faces
            held = False
            for o in beyond:
                far = [i for i in mesh.faces[o] if i not in (p, q)]
                held = held or (far and mesh.vertices[far[0]][2] < z - EPS)
            out.append((mesh.vertices[p][:2], mesh.vertices[q][:2], held))
    return out


def _samples(mesh: Mesh, region: list, step: float) -> list:
    """Points spread over the region's triangles (corners pulled in slightly, centroids, a grid)."""
    out = []
    for k in region:
        pa, pb, pc = (mesh.vertices[i][:2] for i in mesh.faces[k])
        cx, cy = (pa[0] + pb[0] + pc[0]) / 3, (pa[1] + pb[1] + pc[1]) / 3
        out.append((cx, cy))
        for p in (pa, pb, pc):
            out.append((p[0] + (cx - p[0]) * 0.02, p[1] + (cy - p[1]) * 0.02))
        longest = max(math.dist(pa, pb), math.dist(pb, pc), math.dist(pc, pa))
        n = min(int(longest / step), 40)
        for i in range(1, n):
            for j in range(1, n - i):
                u, v = i / n, j / n
                out.append((pa[0] + u * (pb[0] - pa[0]) + v * (pc[0] - pa[0]),
                            pa[1] + u * (pb[1] - pa[1]) + v * (pc[1] - pa[1])))
    return out


DIRECTIONS = [(math.cos(math.radians(5 * k)), math.sin(math.radians(5 * k))) for k in range(36)]
# every 5 degrees: a bridge is laid straight across its supports, which run along x or y here


def _span_along(p: tuple, d: tuple, segments: list) -> float:
    """The line through p along d, between the region's edges it meets first either way: its
    length if both are held edges, else inf."""
    dx, dy = d
    ahead, behind = (math.inf, False), (math.inf, False)
    for (ax, ay), (bx, by), held in segments:
        ex, ey = bx - ax, by - ay
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((ax - p[0]) * ey - (ay - p[1]) * ex) / den  # along the line
        s = ((ax - p[0]) * dy - (ay - p[1]) * dx) / den  # along the segment
        if -1e-9 <= s <= 1 + 1e-9:
            if 0 < t < ahead[0]:
                ahead = (t, held)
            elif t < 0 and -t < behind[0]:
                behind = (-t, held)
    return ahead[0] + behind[0] if ahead[1] and behind[1] else math.inf


def _region_span(points: list, segments: list, stop: float) -> float:
    """How long the bridge over the region is. A slicer lays a bridge's lines one way, so it is,
    over the directions, the least of the longest line any point needs (inf when every direction
    leaves some point held on one side only). Stops at the first direction within ``stop``."""
    best = math.inf
    for d in DIRECTIONS:
        worst = 0.0
        for p in points:
            worst = max(worst, _span_along(p, d, segments))
            if worst >= best:
                break
        best = min(best, worst)
        if best <= stop:
            break
    return best


def _worst_span(mesh: Mesh, edges: dict, region: list, in_region: set, max_bridge: float, exact: bool = False) -> tuple:
    """(region area, box, z, its bridge's span: see _region_span). Not ``exact``: the first
    direction within max_bridge will do."""
    z = mesh.vertices[mesh.faces[region[0]][0]][2]
    area, box = 0.0, [math.inf, math.inf, -math.inf, -math.inf]
    for k in region:
        area += mesh.normal(mesh.faces[k])[1]
        _grow(box, [mesh.vertices[i] for i in mesh.faces[k]])
    segments = _boundary(mesh, edges, region, in_region, z)
    points = _samples(mesh, region, max(0.5, math.sqrt(area / 300)))
    return area, tuple(box), z, _region_span(points, segments, 0.0 if exact else max_bridge)


def _unbridged(mesh: Mesh, edges: dict, region: list, in_region: set, max_bridge: float):
    area, box, z, worst = _worst_span(mesh, edges, region, in_region, max_bridge)
    return Overhang("bridge", z, area, box, worst) if worst > max_bridge else None


def figures(mesh: Mesh, max_bridge: float = 10.0) -> dict:
    """The steepest overhang (degrees from vertical, flat ceilings aside) and the longest bridge (mm)."""
    (_, _, z0), _ = mesh.bounds
    steepest, ceilings = 0.0, []
    for k, f in enumerate(mesh.faces):
        (_, _, nz), area = mesh.normal(f)
        if nz >= 0 or area < 1e-9 or max(mesh.vertices[i][2] for i in f) <= z0 + EPS:
            continue
        if nz < -1 + FLAT:
            ceilings.append(k)
        else:
            steepest = max(steepest, math.degrees(math.asin(min(1.0, -nz))))
    edges, longest, seen = _edges(mesh), 0.0, set()
    in_region = set(ceilings)
    for start in ceilings:
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            k = todo.pop()
            region.append(k)
            a, b, c = mesh.faces[k]
            for e in ((b, a), (c, b), (a, c)):
                for other in edges.get(e, ()):
                    if other in in_region and other not in seen:
                        seen.add(other)
                        todo.append(other)
        longest = max(longest, _worst_span(mesh, edges, region, in_region, max_bridge, exact=True)[3])
    return {"steepest_deg": round(steepest, 1), "longest_bridge_mm": round(longest, 1) if math.isfinite(longest) else None}


def print_problems(mesh: Mesh, max_angle: float, max_bridge: float) -> list:
    """Everything that stops this mesh printing as stored, as one body, without supports."""
    out = watertight_problems(mesh)
    n = shells(mesh)
    if n != 1:
        out.append(f"{n} separate bodies (should be one)")
    return out + [str(o) for o in overhangs(mesh, max_angle, max_bridge)]


def contains(mesh: Mesh, point: tuple) -> bool:
    """Whether ``point`` lies inside the closed mesh: a ray straight up crosses it an odd
    number of times (the ray is nudged off exact edges and corners)."""
    px, py, pz = point[0] + 1.234e-5, point[1] + 2.345e-5, point[2]
    crossings = 0
    for a, b, c in mesh.faces:
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = mesh.vertices[a], mesh.vertices[b], mesh.vertices[c]
        if max(ax, bx, cx) < px or min(ax, bx, cx) > px or max(ay, by, cy) < py or min(ay, by, cy) > py:
            continue
        den = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy)
        if den == 0:
            continue  # an upright face: the ray runs along it
        u = ((by - cy) * (px - cx) + (cx - bx) * (py - cy)) / den
        v = ((cy - ay) * (px - cx) + (ax - cx) * (py - cy)) / den
        if u < 0 or v < 0 or u + v > 1:
            continue
        if u * az + v * bz + (1 - u - v) * cz > pz:
            crossings += 1
    return crossings % 2 == 1
