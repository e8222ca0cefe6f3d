"""Small closed meshes built in Python for the mesh and light tests: boxes, and prisms of a
profile drawn in the x-z plane and pushed along y (so overhangs and bridges are easy to draw)."""

from clacks_hw.hardware.mesh import Mesh


def _area2(pts):
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts)))


def _ears(pts):
    """Triangles of a simple counter-clockwise polygon (ear clipping), as index triples."""
    idx, out = list(range(len(pts))), []
    while len(idx) > 3:
        for k in range(len(idx)):
            a, b, c = idx[k - 1], idx[k], idx[(k + 1) % len(idx)]
            (ax, ay), (bx, by), (cx, cy) = pts[a], pts[b], pts[c]
            if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) <= 0:
                continue  # a reflex corner is no ear

            def inside(p):
                d1 = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
                d2 = (cx - bx) * (p[1] - by) - (cy - by) * (p[0] - bx)
                d3 = (ax - cx) * (p[1] - cy) - (ay - cy) * (p[0] - cx)
                return d1 >= 0 and d2 >= 0 and d3 >= 0
            if any(inside(pts[i]) for i in idx if i not in (a, b, c)):
                continue
            out.append((a, b, c))
            idx.pop(k)
            break
    out.append(tuple(idx))
    return out


def prism(profile, depth, y0=0.0):
    """The profile (x, z) points, pushed from y0 to y0 + depth, as a closed outward mesh."""
    pts = list(profile) if _area2(profile) > 0 else list(reversed(profile))
    n = len(pts)
    verts = [(x, y0, z) for x, z in pts] + [(x, y0 + depth, z) for x, z in pts]
    faces = []
    for a, b, c in _ears(pts):  # counter-clockwise in x-z faces -y: the front cap as is, the back turned
        faces.append((a, b, c))
        faces.append((n + a, n + c, n + b))
    for i in range(n):
        j = (i + 1) % n
        faces += [(i, n + j, j), (i, n + i, n + j)]
    return Mesh(verts, faces)


def box(x0, y0, z0, x1, y1, z1):
    return prism([(x0, z0), (x1, z0), (x1, z1), (x0, z1)], y1 - y0, y0)


def merged(*meshes):
    verts, faces = [], []
    for m in meshes:
        base = len(verts)
        verts += m.vertices
        faces += [(a + base, b + base, c + base) for a, b, c in m.faces]
    return Mesh(verts, faces)
