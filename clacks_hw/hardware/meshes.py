"""STL files as solids: read OpenSCAD's ASCII STL, measure it, and make it a Manifold (the
manifold3d library: exact, robust mesh booleans) for the assembly check.
"""

from __future__ import annotations

import re

from .data import HardwareError

FACET = re.compile(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)")


def stl_points(data: bytes) -> list:
    return [tuple(map(float, m.groups())) for m in FACET.finditer(data)]


def stl_volume_bbox(data: bytes) -> tuple[float, tuple]:
    """Volume (mm3) and bounding box size of an ASCII STL: the sum of signed tetrahedra."""
    pts = stl_points(data)
    vol = 0.0
    for k in range(0, len(pts) - 2, 3):
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = pts[k], pts[k + 1], pts[k + 2]
        vol += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
    size = tuple(round(max(p[i] for p in pts) - min(p[i] for p in pts), 2) for i in range(3)) if pts else (0, 0, 0)
    return abs(vol) / 6, size


def manifold_lib():
    try:
        import manifold3d
    except ImportError:
        raise HardwareError("the assembly check needs the manifold3d library: pip install -e '.[build]'") from None
    return manifold3d


def stl_manifold(data: bytes, name: str):
    """The STL as one closed solid; an STL with holes or loose faces is an error naming the file."""
    m3d = manifold_lib()
    import numpy as np
    index: dict = {}  # OpenSCAD writes a shared vertex the same way each time: merge by its text
    ids = [index.setdefault(m.groups(), len(index)) for m in FACET.finditer(data)]
    tris = [ids[i:i + 3] for i in range(0, len(ids) - 2, 3)]
    tris = [t for t in tris if len(set(t)) == 3]  # a facet squeezed to a line by the STL's rounding
    verts = np.array([[float(c) for c in k] for k in index], dtype=np.float64).reshape(-1, 3)
    solid = m3d.Manifold(m3d.Mesh64(vert_properties=verts, tri_verts=np.array(tris, dtype=np.uint64).reshape(-1, 3)))
    if solid.status() != m3d.Error.NoError or solid.is_empty():
        raise HardwareError(f"{name} is not a closed solid ({solid.status().name}): re-render it "
                            "(clacks-hw build-files) or fix its model")
    return solid


def box_solid(v: list):
    m3d = manifold_lib()
    return m3d.Manifold.cube([v[3], v[4], v[5]]).translate([v[0], v[1], v[2]])


def cylinder_solid(v: list, segments: int = 24):
    m3d = manifold_lib()
    return m3d.Manifold.cylinder(v[4], v[3] / 2, v[3] / 2, segments).translate([v[0], v[1], v[2]])


def affine(matrix) -> list:
    """A 4x4 placement matrix as the 3x4 manifold3d takes."""
    return [list(row) for row in matrix[:3]]
