"""The circuit board as the KiCad pipeline's design (the dict pcb/build.py's run_kicad takes),
and the project's router fed with it.

Coordinates are KiCad's frame: mm from the board's north-west corner, x east, y south. The
bottom layer is the ground plane (its surface-mount pads reach it through a via each), the top
carries the signals and a 5 V pour. Routing is net by net, in the order `route` gives, and a
net the router finds no way for is named with the pad it could not reach.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..pcb.design import RULES, pad_shapes
from ..pcb.kicad_lib import LIBRARY_DIR, footprint, transform
from ..pcb.router import RouteError, Router
from .circuit import Board

SIGNAL_MM = 0.3
# Track widths (mm): the supply's path at 1.4 (IPC-2221 at 10 C rise: 0.6 mm carries 1.6 A on
# 35 um copper, the board's 1.9 A worst case wants about 0.8), the Pi's 5 V at 1.0, the readers'
# 3.3 V at 0.6; every LED and capacitor joins the 5 V trunk by a 0.5 mm branch.
NET_WIDTH = {"+5V": 1.4, "VBUS": 1.4, "VBUS_F": 1.4, "+5V_PI": 1.0, "+3V3R": 0.6}
BRANCH_MM = 0.5
TRUNK_KINDS = {"pfet_reverse", "cap_bulk", "regulator", "cap_10u", "pfet_ideal", "pnp_pair", "shifter"}
HOLE_MARGIN = 0.1  # mm more than KiCad's hole clearance: the grid's rounding
REVISION = "0"
# The LEDs and small passives go unlabelled on the silkscreen: their 150 references would lie
# over each other and the LEDs' outlines; board-build.md's pictures name every one.
UNLABELLED = {"LED_SMD", "Capacitor_SMD", "Resistor_SMD"}


def kicad_at(board: Board, part) -> tuple:
    x0, y0, _, _ = board.data["board"]["outline"]
    return (round(part.at[0] - x0, 4), round(part.at[1] - y0, 4), part.rot)


def size(board: Board) -> tuple:
    x0, y0, x1, y1 = board.data["board"]["outline"]
    return (x1 - x0, y1 - y0)


def routable(board: Board) -> list:
    """Every part (fitted or not: a part left unfitted keeps its copper) as the pad reader wants it."""
    kinds = board.data["kind"]
    return [SimpleNamespace(ref=p.ref, footprint=kinds[p.kind]["footprint"], pads=p.pads) for p in board.parts]


def holes(board: Board) -> list:
    """(x, y, radius) of every unplated hole (a switch's posts and its socket's): no copper near."""
    out = []
    for p in board.parts:
        for x, y, d in footprint(board.data["kind"][p.kind]["footprint"]).holes:
            out.append((*transform(x, y, kicad_at(board, p)), d / 2 + HOLE_MARGIN))
    return out


def drills(board: Board) -> list:
    """(x, y, diameter) of every plated hole: the pins of the through-hole parts."""
    out = []
    for p in board.parts:
        for pad in footprint(board.data["kind"][p.kind]["footprint"]).pads:
            if pad.drill:
                out.append((*transform(pad.x, pad.y, kicad_at(board, p)), pad.drill))
    return out


def order(board: Board, terminals: dict) -> list:
    """The signal nets, the shortest first (by the half perimeter of their pads' box): short
    joins take the direct ways, the long runs to the corners go round them."""
    def span(net):
        xs, ys = [t.x for t in terminals[net]], [t.y for t in terminals[net]]
        return (max(xs) - min(xs) + max(ys) - min(ys), net)
    skip = {"GND", "+5V", "VBUS", "VBUS_F"}
    return sorted((n for n in terminals if n not in skip and len(terminals[n]) > 1), key=span)


def route(board: Board, nets: list | None = None, progress=None) -> dict:
    """Tracks and vias: the supply's short nets, the 5 V trunk between the power parts and a
    branch to every LED and capacitor, a via to the ground plane beside each top-side ground
    pad, then the signals. ``nets``: only these (in the same order). ``unrouted``: the nets the
    router found no way for, each with what it said. ``progress(done, total)`` hears of the
    signal nets as they are laid."""
    parts = routable(board)
    at = {p.ref: kicad_at(board, p) for p in board.parts}
    shapes, terminals = pad_shapes(SimpleNamespace(parts=parts), at)
    r = Router(size(board), shapes, holes(board), drills(board))
    kinds = {p.ref: p.kind for p in board.parts}
    unrouted = []

    def lay(net, pads, width, **how):
        try:
            r.route(net, pads, width, **how)
        except RouteError as exc:
            unrouted.append((net, str(exc)))

    want = set(terminals) if nets is None else set(nets)
    for net in ("VBUS", "VBUS_F"):
        if net in want:
            lay(net, terminals[net], NET_WIDTH[net])
    if "+5V" in want:
        pads = terminals["+5V"]
        trunk = sorted((t for t in pads if kinds[t.ref] in TRUNK_KINDS), key=lambda t: (kinds[t.ref] != "pfet_reverse", t.x))
        lay("+5V", trunk, NET_WIDTH["+5V"])
        lay("+5V", [t for t in pads if t not in trunk], BRANCH_MM, extend=True)
    if "GND" in want:  # before the signals: a ground pad's via needs room beside it, which a signal can go round
        for t in (t for t in terminals["GND"] if t.layers == (0,)):
            try:
                r.route("GND", [t], BRANCH_MM, smd_to_plane=True)
            except RouteError:  # boxed in: a signal's width to a via further off, or to the ground copper laid so far
                try:
                    r.route("GND", [t], SIGNAL_MM, smd_to_plane=True)
                except RouteError:
                    lay("GND", [t], SIGNAL_MM, extend=True)
    signals = [net for net in order(board, terminals) if net in want]
    for k, net in enumerate(signals, 1):
        lay(net, terminals[net], NET_WIDTH.get(net, SIGNAL_MM))
        if progress and (k % 20 == 0 or k == len(signals)):
            progress(k, len(signals))
    return {"tracks": [list(t) for t in r.out.tracks], "vias": [list(v) for v in r.out.vias], "unrouted": unrouted}


def design(board: Board, routed: dict | None = None) -> dict:
    kinds = board.data["kind"]
    routed = routed or {"tracks": [], "vias": []}
    return {
        "name": "mainboard", "library": LIBRARY_DIR, "size": list(size(board)), "corner_radius": 3.0, "rules": RULES,
        "zone_margin": 0.3,
        "parts": [{"ref": p.ref, "footprint": kinds[p.kind]["footprint"], "value": kinds[p.kind]["value"],
                   "at": list(kicad_at(board, p)), "pads": p.pads, **({} if p.fitted else {"dnp": True}),
                   **({"label": None} if kinds[p.kind]["footprint"].split(":")[0] in UNLABELLED else {})}
                  for p in board.parts],
        "tracks": routed["tracks"], "vias": routed["vias"],
        # The ground plane as close as the rules allow (0.2 mm, 0.2 mm wide at least): it then
        # passes between the 2.54 mm header pins (0.84 mm apart) to the inner row's ground pins.
        "zones": [{"net": "GND", "layer": 1, "clearance": 0.2, "spoke": 0.5, "min_width": 0.2},
                  {"net": "+5V", "layer": 0, "clearance": 0.3, "spoke": 0.6}],
        "texts": [{"text": f"clacks-hw board r{REVISION}", "at": [103.0, 200.0], "size": 1.5}],
    }
