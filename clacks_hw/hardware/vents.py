"""Vents sized from the power budget.

All the power the board draws ends up as heat inside the box (the light that leaves through
the diffusers is left out, so the sum errs on the warm side). Some leaves through the skin,
the rest with air that rises from a row of low slots to a row of high ones (the stack effect):

    skin:   Q_skin = U * A_skin * dT
    air:    Q_air  = rho * cp * V * dT,   V = Cd * A_eff * sqrt(2 * g * h * dT / T_inside)

where h is the height between the rows and A_eff the two rows in series (1 / A_eff^2 =
1 / A_low^2 + 1 / A_high^2, so equal rows of area A give A / sqrt(2)). Solved for A at the
budget's worst case: docs/hardware.md shows the figures (vents_md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .heat import VOLTS
from .layout import Layout

RHO_AIR, CP_AIR, G = 1.2, 1005.0, 9.81  # kg/m3 and J/(kg K) near 20 C; m/s2


@dataclass(frozen=True)
class VentSizing:
    heat_w: float
    skin_w: float
    air_w: float
    stack_mm: float
    area_mm2: float  # each row
    slots: int  # each row


def skin_m2(lay: Layout) -> float:
    """The walls and the panel (the floor stands on the table and is left out)."""
    w, h = lay.width / 1000, lay.hw.board["enclosure"]["inside_height"] / 1000
    return w * w + 4 * w * h


def sizing(lay: Layout, heat: float) -> VentSizing:
    v = lay.hw.board["vents"]
    dt, stack = v["delta_t"], (v["high"] - v["low"]) / 1000
    skin = v["skin_u"] * skin_m2(lay) * dt
    air = max(heat - skin, 0.0)
    speed = v["discharge"] * math.sqrt(2 * G * stack * dt / (v["room"] + dt + 273.15))
    area = math.sqrt(2) * air / (RHO_AIR * CP_AIR * dt * speed)  # m2 per row
    slot = v["slot"][0] * v["slot"][1]
    return VentSizing(heat, skin, air, stack * 1000, area * 1e6, math.ceil(area * 1e6 / slot))


@dataclass(frozen=True)
class WallSpan:
    """Something along a wall's inside that a slot must keep clear of: u along the wall, z up."""

    side: str
    u0: float
    u1: float
    z0: float
    z1: float


def _straight(lay: Layout) -> tuple:
    r = lay.hw.board["panel"]["corner_radius"] + lay.hw.board["enclosure"]["wall"]
    return r, lay.width - r


def candidates(lay: Layout, keepouts: list, z0: float) -> list:
    """(side, u) of every slot centre a row at height z0 could use."""
    v = lay.hw.board["vents"]
    sw, sh = v["slot"]
    lo, hi = _straight(lay)
    out = []
    for side in ("N", "E", "S", "W"):
        blocked = [(k.u0 - 2 - sw / 2, k.u1 + 2 + sw / 2) for k in keepouts
                   if k.side == side and k.z0 < z0 + sh + sw and z0 < k.z1]
        u = lo + sw / 2 + 2
        while u <= hi - sw / 2 - 2:
            if not any(a < u < b for a, b in blocked):
                out.append((side, u))
            u += v["pitch"]
    return out


def spread(options: list, count: int) -> list:
    """``count`` of the options, evenly spread over them (all of them when short)."""
    if count >= len(options):
        return list(options)
    return [options[round(k * (len(options) - 1) / max(count - 1, 1))] for k in range(count)]


def vents_md(lay: Layout, s: VentSizing, placed: int) -> str:
    v = lay.hw.board["vents"]
    return "\n".join([
        "| | |", "|---|---|",
        f"| heat in the box: the power budget's worst case, 5 V x {s.heat_w / VOLTS:.2f} A | {s.heat_w:.1f} W |",
        f"| through the skin: {v['skin_u']:g} W/m2K x {skin_m2(lay):.3f} m2 (walls and panel) x {v['delta_t']:g} K "
        f"| {s.skin_w:.1f} W |",
        f"| left for the air to carry | {s.air_w:.1f} W |",
        f"| stack height between the slot rows | {s.stack_mm:g} mm |",
        f"| slot area needed in each row (Cd {v['discharge']:g}, {v['delta_t']:g} K warmer inside) "
        f"| {s.area_mm2 / 100:.1f} cm2 |",
        f"| slots of {v['slot'][0]:g} x {v['slot'][1]:g} mm: needed / cut in each row | {s.slots} / {placed} |",
    ]) + "\n"
