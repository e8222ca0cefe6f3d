"""A board's own mounting, for the assembly check: the standoffs its screws go into.

A board's screws go into pilot holes in standoffs placed at the board's own holes, inside the
ring it keeps free round each hole (parts.toml ``keepout``). Under the board, inside that ring,
in the part its screw goes into, that standoff is how the board is held, not a part too close to
it: the clearance check leaves that much out, and nothing else. Instead, each such standoff must:

- carry the board: its top meets the PCB's underside (within SEAT_MM), or the screw would pull
  the board down onto it;
- keep ``enclosure.clearance`` (the gap between parts that must not touch) from whatever stands
  under the board (solder joints, a card in its slot), so a standoff under a component is caught
  even where the two only come close.

A standoff wider than its ring, another board's standoff, a wall: all keep the board's full
clearance, as any other part does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .bought import solids
from .meshes import affine, box_solid, cylinder_solid, manifold_lib

RING_SIDES = 48
SEAT_MM = 0.05  # a standoff this far under the board still carries it (the meshes' rounding)
EPS_MM3 = 0.001  # common volume below this is rounding where faces touch


@dataclass(frozen=True)
class Seat:
    """Where a board's screw goes into a standoff."""

    hole: str  # the screw's name on the board: "hole 1"
    host: str  # the part copy its screw goes into
    ring: object  # the kept-free ring under the hole, from the floor to the board (a placed solid)
    underside: float  # z of the PCB's underside in the assembly frame


def seats(hw, inst, screwed: dict) -> list:
    """The seats of a placed board copy: one per screw that found its hole (``screwed``: screw
    copy name -> the part copy it goes into)."""
    p = hw.parts.get(inst.part.name.split("/")[-1], {})
    if "keepout" not in p or "holes" not in p:
        return []
    underside = inst.place.point((0.0, 0.0, 0.0))[2]
    out = []
    for s in inst.part.screws:
        host = screwed.get(f"bought/{s.part} {inst.name}: {s.name}")
        if host is None:  # a screw that found no hole is reported by the fastening check
            continue
        # the polygon round the ring's circle, so it holds any standoff drawn inside that circle
        d = p["keepout"] / math.cos(math.pi / RING_SIDES)
        ring = cylinder_solid([s.at[0], s.at[1], -underside, d, underside], RING_SIDES)
        out.append(Seat(s.name, host, ring.transform(affine(inst.place.matrix())), underside))
    return out


def mounting(seats_: list) -> dict:
    """Host part copy -> the union of the rings it may fill under the board."""
    m3d, by_host = manifold_lib(), {}
    for s in seats_:
        by_host.setdefault(s.host, []).append(s.ring)
    return {h: m3d.Manifold.batch_boolean(rings, m3d.OpType.Add) for h, rings in by_host.items()}


def grown(kind: str, v: list, by: float):
    """A box or cylinder of a part's model grown sideways (x, y) by ``by``."""
    if kind == "box":
        return box_solid([v[0] - by, v[1] - by, v[2], v[3] + 2 * by, v[4] + 2 * by, v[5]])
    return cylinder_solid([v[0], v[1], v[2], v[3] + 2 * by, v[4]])


def _under(hw, inst, gap: float):
    """What stands under the board (its model below the PCB's underside), grown by ``gap``, placed."""
    m3d = manifold_lib()
    below = [grown(kind, v, gap) for kind, v in solids(hw, inst.part.name.split("/")[-1]) if v[2] < 0]
    if not below:
        return None
    return m3d.Manifold.batch_boolean(below, m3d.OpType.Add).transform(affine(inst.place.matrix()))


def _where(solid) -> str:
    x0, y0, z0, x1, y1, z1 = solid.bounding_box()
    return f"around ({(x0 + x1) / 2:.0f}, {(y0 + y1) / 2:.0f}, {(z0 + z1) / 2:.0f})"


def seat_problems(hw, inst, seats_: list, placed: dict) -> list:
    """Every standoff carries the board and keeps clear of what stands under it."""
    gap = hw.board["enclosure"]["clearance"]
    under, out = _under(hw, inst, gap), []
    for s in seats_:
        standoff = placed[s.host] ^ s.ring
        if standoff.volume() <= EPS_MM3:
            out.append(f"{inst.name}: nothing stands under its {s.hole} in {s.host} (its screw's hole has no standoff "
                       "round it): the board rests on nothing there")
            continue
        drop = s.underside - standoff.bounding_box()[5]
        if drop > SEAT_MM:
            out.append(f"{inst.name} does not sit on its standoff under {s.hole} (in {s.host}): {drop:.2f} mm between "
                       f"them, so the screw would pull the board down; make that standoff {drop:.2f} mm taller")
        near = None if under is None else under ^ standoff
        if near is not None and near.volume() > EPS_MM3:
            out.append(f"the standoff under {inst.name}'s {s.hole} (in {s.host}) comes closer than {gap:g} mm to what "
                       f"stands under the board {_where(near)}: move the hole or what hangs under the board")
    return out
