"""The circuit board as the KiCad pipeline's design (the same kind of dict as the carrier's
pcb/design.py makes), and the project's router fed with it.

Coordinates are KiCad's frame: mm from the board's north-west corner, x east, y south. The
bottom layer is the ground plane (its surface-mount pads reach it through a via each), the top
carries the signals and a 5 V pour. Routing is net by net: `route` lays the nets it is given
and names those it cannot yet (footprints the project still has to make).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..pcb.design import RULES, pad_shapes
from ..pcb.kicad_lib import LIBRARY
from ..pcb.router import Router
from .circuit import Board

SIGNAL_MM = 0.3
NET_WIDTH = {"+5V": 1.4, "VBUS": 1.4, "VBUS_F": 1.4, "+5V_PI": 1.0, "+3V3R": 0.6}
REVISION = "0"


def kicad_at(board: Board, part) -> tuple:
    x0, y0, _, _ = board.data["board"]["outline"]
    return (round(part.at[0] - x0, 4), round(part.at[1] - y0, 4), part.rot)


def size(board: Board) -> tuple:
    x0, y0, x1, y1 = board.data["board"]["outline"]
    return (x1 - x0, y1 - y0)


def routable(board: Board) -> list:
    """The parts whose footprints the library has, as the router's pad reader wants them."""
    kinds = board.data["kind"]
    return [SimpleNamespace(ref=p.ref, footprint=kinds[p.kind]["footprint"], pads=p.pads) for p in board.parts
            if not kinds[p.kind]["footprint"].startswith("clacks:")]


def route(board: Board, nets: list) -> dict:
    """Tracks and vias for ``nets`` (in that order); ``missing``: nets with a pad on a footprint
    the library does not have yet (left for the routing session)."""
    parts = routable(board)
    have = {p.ref for p in parts}
    at = {p.ref: kicad_at(board, p) for p in board.parts}
    shapes, terminals = pad_shapes(SimpleNamespace(parts=parts), at)
    r = Router(size(board), shapes, [])
    everything = board.nets()
    missing = [n for n in nets if any(ref not in have for ref, _ in everything.get(n, []))]
    for net in nets:
        if net in missing or len(terminals.get(net, [])) < 2:
            continue
        r.route(net, terminals[net], NET_WIDTH.get(net, SIGNAL_MM))
    return {"tracks": [list(t) for t in r.out.tracks], "vias": [list(v) for v in r.out.vias], "missing": missing}


def design(board: Board, routed: dict | None = None) -> dict:
    kinds = board.data["kind"]
    routed = routed or {"tracks": [], "vias": []}
    return {
        "library": str(LIBRARY), "size": list(size(board)), "corner_radius": 3.0, "rules": RULES, "zone_margin": 0.3,
        "parts": [{"ref": p.ref, "footprint": kinds[p.kind]["footprint"], "value": kinds[p.kind]["value"],
                   "at": list(kicad_at(board, p)), "pads": p.pads} for p in board.parts if p.fitted],
        "tracks": routed["tracks"], "vias": routed["vias"],
        "zones": [{"net": "GND", "layer": 1, "clearance": 0.3, "spoke": 0.5},
                  {"net": "+5V", "layer": 0, "clearance": 0.3, "spoke": 0.6}],
        "texts": [{"text": f"clacks-hw board r{REVISION}", "at": [8.0, 6.0], "size": 1.2}],
    }
