"""Holes through the upright walls of the base quarters: the power jack and the USB socket
(with their screw holes), the slot in front of the Pi's microSD card, and the vents.

A wall prints standing, so every hole through it is drawn to print without support: round
holes as teardrops, wide ones with a 45-degree roof, and only narrow ones (the vent slots,
at most print.bridge wide) with a flat top that bridges.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout
from .scad import block, gable, n, poly, teardrop
from .vents import WallSpan, candidates, sizing, spread

SIDES = ("N", "E", "S", "W")


@dataclass(frozen=True)
class WallHole:
    name: str
    side: str  # N, E, S, W
    u: float  # along the wall: plan x (N, S walls) or plan y (E, W walls)
    shape: str  # OpenSCAD 2D in (u, z) of the wall's plane
    span: WallSpan  # what it takes of the wall, for the checks
    depth: float = 0.0  # how far in from the outside; 0: right through


def _rect_hole(name, side, u, z0, w, h) -> WallHole:
    return WallHole(name, side, u, poly(((u - w / 2, z0), (u + w / 2, z0), (u + w / 2, z0 + h), (u - w / 2, z0 + h))),
                    WallSpan(side, u - w / 2, u + w / 2, z0, z0 + h))


def fixed_holes(lay: Layout) -> list:
    """The jack, the USB socket and its screws, the microSD slot (z from the base underside)."""
    o, parts = lay.hw.board["openings"], lay.hw.parts
    out = []
    d, x, z = parts["jack"]["hole"] + lay.hw.board["panel"]["hole_fit"], o["power"]["x"], o["power"]["z"]
    out.append(WallHole("power jack", "N", x, teardrop(x, z, d), WallSpan("N", x - d / 2, x + d / 2, z - d / 2, z + d)))
    (w, h), (pitch, screw) = parts["usb_extension"]["opening"], parts["usb_extension"]["screws"]
    x, z = o["usb"]["x"], o["usb"]["z"]
    out.append(WallHole("USB socket", "N", x, poly(gable(x, z - h / 2, w, h)),
                        WallSpan("N", x - w / 2, x + w / 2, z - h / 2, z + h / 2 + w / 2)))
    for k, sx in enumerate((x - pitch / 2, x + pitch / 2)):
        out.append(WallHole(f"USB screw {k + 1}", "N", sx, teardrop(sx, z, screw),
                            WallSpan("N", sx - screw / 2, sx + screw / 2, z - screw / 2, z + screw)))
    return out + sd_slot(lay)


def sd_slot(lay: Layout) -> list:
    """In front of the Pi's microSD card, so it comes out with the box closed: a slot through
    the wall, in a finger notch from the outside that leaves a fingernail the card's end."""
    pi = next(m for m in lay.mounted if m.name == "pi")
    y_mid, width, _ = lay.hw.parts["pi"]["sd"]
    side = "W" if pi.outline.x0 < lay.width / 2 else "E"
    u = pi.outline.y0 + y_mid
    w, h, z0 = width + 3, 6.0, pi.z0 - 4.0  # the card lies just under the board
    nw, nh, nz = w + 10, h + 6, z0 - 3
    notch = lay.hw.board["enclosure"]["wall"] - 1.0
    return [WallHole("microSD slot", side, u, poly(gable(u, z0, w, h)), WallSpan(side, u - w / 2, u + w / 2, z0, z0 + h + w / 2)),
            WallHole("microSD finger notch", side, u, poly(gable(u, nz, nw, nh)),
                     WallSpan(side, u - nw / 2, u + nw / 2, nz, nz + nh + nw / 2), notch)]


def structure(lay: Layout) -> list:
    """What the base itself builds against the walls' insides: the joints' thickened walls and
    the reader cradles. Holes in the wall must keep clear of them."""
    j, zp, w = lay.hw.board["joints"], lay.z_panel, lay.width
    c, half = w / 2, j["pilaster"][0] / 2
    out = [WallSpan(s, c - half, c + half, 0, zp) for s in SIDES]
    reach = lay.hw.board["readers"]["gap"] + 10  # a board this close to a wall stands in front of it
    for r in lay.readers:
        b = r.board
        out += _near_walls(lay, b.x0 - reach, b.y0 - reach, b.x1 + reach, b.y1 + reach, 0, zp, reach)
    return out


def keepouts(lay: Layout) -> list:
    """Where vents may not go: the structure, the boards standing by a wall (the Pi's microSD
    end is at one), and the fixed holes."""
    out = structure(lay)
    for m in lay.mounted:
        o = m.outline
        out += _near_walls(lay, o.x0, o.y0, o.x1, o.y1, 0, m.top, 6)
    return out + [h.span for h in fixed_holes(lay)]


def _near_walls(lay, x0, y0, x1, y1, z0, z1, reach) -> list:
    t, w, out = lay.hw.board["enclosure"]["wall"], lay.width, []
    if y0 < t + reach:
        out.append(WallSpan("N", x0, x1, z0, z1))
    if y1 > w - t - reach:
        out.append(WallSpan("S", x0, x1, z0, z1))
    if x0 < t + reach:
        out.append(WallSpan("W", y0, y1, z0, z1))
    if x1 > w - t - reach:
        out.append(WallSpan("E", y0, y1, z0, z1))
    return out


def vent_holes(lay: Layout) -> tuple:
    """The low and the high row of slots for the layout's heat, and how many each row needs."""
    v, zf = lay.hw.board["vents"], lay.z_floor
    need = sizing(lay, lay.heat_w).slots
    out = []
    for row, z in (("low", zf + v["low"]), ("high", zf + v["high"])):
        for k, (side, u) in enumerate(spread(candidates(lay, keepouts(lay), z), need)):
            out.append(_rect_hole(f"vent {row} {k + 1}", side, u, z, *v["slot"]))
    return out, need


def wall_holes(lay: Layout) -> list:
    return fixed_holes(lay) + vent_holes(lay)[0]


def cutter(lay: Layout, hole: WallHole) -> str:
    """The hole's shape pushed through its wall (plan frame: y south, so the N wall is at y = 0)."""
    t, w = (hole.depth or lay.hw.board["enclosure"]["wall"] + 1) + 1, lay.width  # from 1 mm outside
    shape = f"linear_extrude(height={n(t)}) {hole.shape}"
    place = {"N": f"translate([0, {n(t - 1)}, 0]) rotate([90, 0, 0])",
             "S": f"translate([0, {n(w + 1)}, 0]) rotate([90, 0, 0])",
             "W": f"translate([{n(-1)}, 0, 0]) rotate([90, 0, 90])",
             "E": f"translate([{n(w - t + 1)}, 0, 0]) rotate([90, 0, 90])"}[hole.side]
    return block(place, shape)
