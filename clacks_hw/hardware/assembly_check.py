"""The assembly check, on the real meshes: every part copy's STL placed as assembly.json says.

- No two parts intersect: every pair whose bounding boxes overlap is intersected exactly
  (manifold3d's mesh booleans); a common volume above EPS_MM3 is a collision. Faces that only
  touch (a panel resting on a wall) have none.
- Every screw finds an insert or pilot hole of its size on its axis (within AXIS_MM), engages
  it at least as far as the insert (parts.toml `engage`) or a pilot (`pilot.engage` x its
  diameter) needs, and does not bottom out in the hole; every insert and pilot takes one screw.
  A screw and what it threads into, and an insert and the part it is melted into, overlap by
  design: those pairs are left out of the collision test.
- Every bought part with a `clearance` keeps it sideways from every part but its own screws
  and the standoffs they go into (mounting.py: what is excused there, and what each standoff
  must do instead): its model grown sideways by the clearance must meet nothing else.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from .assembly import Instance, instances
from .bought import cuts, solids
from .meshes import affine, cylinder_solid, manifold_lib, stl_manifold
from .mounting import grown, mounting, seat_problems, seats

EPS_MM3 = 0.001  # common volume below this is rounding where faces touch
AXIS_MM = 0.1  # a screw and its hole this far apart still line up
PARALLEL = math.cos(math.radians(1.0))


@dataclass
class Report:
    problems: list = field(default_factory=list)
    fastenings: list = field(default_factory=list)  # (screw, receiver, engaged mm, needed mm)
    clearances: list = field(default_factory=list)  # (part copy, clearance mm)
    screwed: dict = field(default_factory=dict)  # screw copy -> the part copy it goes into
    seats: list = field(default_factory=list)  # (board copy, its hole, the part copy its standoff is in)
    instances: int = 0
    pairs: int = 0  # all pairs of part copies
    tested: int = 0  # of them, with overlapping boxes: intersected exactly
    seconds: dict = field(default_factory=dict)


@dataclass(frozen=True)
class _Receiver:
    name: str  # "host: feature"
    host: str
    insert: str  # the insert's own instance name, "" for a pilot
    at: tuple
    axis: tuple
    size: str
    depth: float  # of the hole
    thread: float  # how long a thread it has: the insert's length, or the pilot's depth
    engage: float  # an insert's minimum engagement; 0 for a pilot (it depends on the screw)


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def _receivers(parts, hw) -> list:
    out = []
    for part in parts:
        for k, place in enumerate(part.placements):
            host = part.copy_name(k)
            for i in part.inserts:
                spec = hw.parts[i.part] if i.part else None
                out.append(_Receiver(f"{host}: {i.name}", host, f"bought/{i.part} {host}: {i.name}" if i.part else "",
                                     place.point(i.at), place.vector(i.axis), i.size, i.depth,
                                     spec["length"] if spec else i.depth, spec["engage"] if spec else 0.0))
    return out


def fastening_problems(parts, hw, report: Report) -> set:
    """Match every screw to its insert or pilot; returns the pairs that overlap by design."""
    receivers, used, exempt = _receivers(parts, hw), {}, set()
    for part in parts:
        for k, place in enumerate(part.placements):
            host = part.copy_name(k)
            for s in part.screws:
                spec = hw.parts[s.part]
                name, at, axis = f"bought/{s.part} {host}: {s.name}", place.point(s.at), place.vector(s.axis)
                best, miss = None, None
                for r in receivers:
                    if r.size != spec["size"] or _dot(axis, r.axis) < PARALLEL:
                        continue
                    d = _sub(r.at, at)
                    along = _dot(d, axis)
                    off = math.sqrt(max(_dot(d, d) - along * along, 0.0))
                    if off <= AXIS_MM and along < spec["length"] and (best is None or along < best[1]):
                        best = (r, along)
                    elif miss is None or off < miss[1]:
                        miss = (r, off)
                if best is None:
                    near = f"; the nearest {spec['size']} hole, {miss[0].name}, is {miss[1]:.2f} mm off its axis" if miss else ""
                    report.problems.append(f"{name}: no {spec['size']} insert or pilot hole on its axis{near}")
                    continue
                r, along = best
                used.setdefault(r.name, []).append(name)
                report.screwed[name] = r.host
                exempt |= {frozenset((name, r.host))} | ({frozenset((name, r.insert))} if r.insert else set())
                engaged = min(spec["length"], along + r.thread) - max(0.0, along)
                need = r.engage or hw.parts["pilot"]["engage"] * spec["diameter"]
                report.fastenings.append((name, r.name, round(engaged, 2), need))
                if engaged < need - 1e-6:
                    report.problems.append(f"{name} engages {r.name} by {engaged:.1f} mm; it needs {need:g} mm "
                                           "(a longer screw or a deeper hole)")
                if spec["length"] - along > r.depth + 1e-6:
                    report.problems.append(f"{name} bottoms out in {r.name}: its tip would go "
                                           f"{spec['length'] - along - r.depth:.1f} mm past the {r.depth:g} mm hole")
    for r in receivers:
        if r.insert:
            exempt.add(frozenset((r.insert, r.host)))
        if len(used.get(r.name, [])) != 1:
            report.problems.append(f"{r.name} takes {len(used.get(r.name, []))} screws, not one"
                                   + (f" ({', '.join(used[r.name])})" if r.name in used else ""))
    return exempt


def _placed(solid, inst: Instance):
    return solid.transform(affine(inst.place.matrix()))


def _boxes_meet(a, b) -> bool:
    (ax0, ay0, az0, ax1, ay1, az1), (bx0, by0, bz0, bx1, by1, bz1) = a, b
    return ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1 and az0 < bz1 and bz0 < az1


def _where(solid) -> str:
    x0, y0, z0, x1, y1, z1 = solid.bounding_box()
    return f"around ({(x0 + x1) / 2:.0f}, {(y0 + y1) / 2:.0f}, {(z0 + z1) / 2:.0f})"


def placed_solids(root: Path, insts: list) -> dict:
    """Each part's STL read once, then every copy placed."""
    meshes: dict = {}
    out = {}
    for i in insts:
        if i.part.name not in meshes:
            path = root / i.stl
            meshes[i.part.name] = stl_manifold(path.read_bytes(), str(path))
        out[i.name] = _placed(meshes[i.part.name], i)
    return out


def collision_problems(placed: dict, exempt: set, report: Report) -> None:
    names = list(placed)
    boxes = {n: placed[n].bounding_box() for n in names}
    report.pairs = len(names) * (len(names) - 1) // 2
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            na, nb = names[a], names[b]
            if not _boxes_meet(boxes[na], boxes[nb]) or frozenset((na, nb)) in exempt:
                continue
            report.tested += 1
            common = placed[na] ^ placed[nb]
            vol = common.volume()
            if vol > EPS_MM3:
                report.problems.append(f"{na} and {nb} intersect: {vol:.3g} mm3 in common {_where(common)}")


def keepout_solid(hw, key: str, clearance: float):
    """The part's model, what hangs under a board included, grown sideways (x, y) by the
    clearance; its holes shrunk by as much."""
    m3d = manifold_lib()
    grow = [grown(kind, v, clearance) for kind, v in solids(hw, key)]
    body = m3d.Manifold.batch_boolean(grow, m3d.OpType.Add)
    holes = [cylinder_solid([v[0], v[1], v[2], v[3] - 2 * clearance, v[4]]) for _, v in cuts(hw, key) if v[3] > 2 * clearance]
    return body - m3d.Manifold.batch_boolean(holes, m3d.OpType.Add) if holes else body


def clearance_problems(hw, insts: list, placed: dict, report: Report) -> None:
    boxes = {n: s.bounding_box() for n, s in placed.items()}
    for i in insts:
        key = i.part.name.split("/")[-1]
        c = hw.parts.get(key, {}).get("clearance") if i.part.bought else None
        if not c:
            continue
        zone = _placed(keepout_solid(hw, key, c), i)
        own = f"{i.name}: "  # its own screws are labelled "... {copy}: hole N"
        report.clearances.append((i.name, c))
        its_seats = seats(hw, i, report.screwed)
        mounts = mounting(its_seats)
        for other, solid in placed.items():
            if other == i.name or own in other or not _boxes_meet(zone.bounding_box(), boxes[other]):
                continue
            common = zone ^ solid
            if other in mounts:  # its standoffs, under its holes: seat_problems checks them
                common = common - mounts[other]
            if common.volume() > EPS_MM3:
                report.problems.append(f"{i.name} is closer than its {c:g} mm clearance to {other} {_where(common)}")
        report.problems += seat_problems(hw, i, its_seats, placed)
        report.seats += [(i.name, st.hole, st.host) for st in its_seats]


def check(root: Path, lay, parts: list) -> Report:
    """Every check on the STLs under ``root`` (the build's output folder)."""
    report, t0 = Report(), time.perf_counter()
    insts = instances(lay, parts)
    report.instances = len(insts)
    exempt = fastening_problems(parts, lay.hw, report)
    t1 = time.perf_counter()
    placed = placed_solids(root, insts)
    t2 = time.perf_counter()
    collision_problems(placed, exempt, report)
    t3 = time.perf_counter()
    clearance_problems(lay.hw, insts, placed, report)
    t4 = time.perf_counter()
    report.seconds = {"screws": t1 - t0, "load": t2 - t1, "collisions": t3 - t2, "clearances": t4 - t3}
    return report


def report_md(report: Report) -> str:
    """enclosure/assembly_check.md: what the check proved on the committed assembly."""
    lines = ["# Assembly check", "",
             "Generated by `clacks-hw build-files` from the part meshes placed as `assembly.json` says: do not edit.",
             "The build stops on any problem, so this file only exists for an assembly that passed.", "",
             f"- {report.instances} part copies; of their {report.pairs} pairs, the {report.tested} whose bounding",
             f"  boxes overlap were intersected exactly (manifold3d mesh booleans): none share more than {EPS_MM3:g} mm3.",
             f"- {len(report.fastenings)} screws, each on the axis of its insert or pilot hole (within {AXIS_MM:g} mm):", "",
             "| screw | into | engages (mm) | needs (mm) |", "|---|---|---|---|"]
    lines += [f"| {s} | {r} | {e:g} | {n:g} |" for s, r, e, n in report.fastenings]
    lines += ["", "- Clearances kept sideways to every other part (its own screws and standoffs apart):", "",
              "| part | clearance (mm) |", "|---|---|"]
    lines += [f"| {name} | {c:g} |" for name, c in report.clearances]
    lines += ["", "- Every board sits on what holds it under each of its screw holes (a standoff, or a reader's",
              "  cradle), its top at the PCB's underside within the ring the board keeps free, and none comes",
              "  within the enclosure's clearance of what hangs under the board:", "",
              "| board | hole | held by |", "|---|---|---|"]
    lines += [f"| {b} | {h} | {host} |" for b, h, host in report.seats]
    return "\n".join(lines) + "\n"
