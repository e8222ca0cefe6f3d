"""The carrier's whole design as data: circuit, placement, routed copper, zones and legends.

This is what the pcbnew script turns into a KiCad board, and what its hash is taken of: the
committed board files are current when the hash of this design matches theirs.
"""

from __future__ import annotations

from ..power import MAIN_TRACK_MM
from .circuit import Carrier, carrier
from .kicad_lib import LIBRARY_DIR, footprint, transform
from .placement import HOLES, LABELS, SIZE, place
from .router import CLEARANCE, VIA, Router, Shape, Terminal
from .schematic import no_connect_nets, pin_names, symbol_ids

RULES = {"clearance": 0.2, "track_min": 0.25, "track": 0.3, "edge": 0.5, "via": list(VIA)}
SIGNAL_MM = 0.3
# Power nets first, widest first: the track widths (mm) for what each carries (IPC-2221, 10 C rise:
# 3 mm carries 5.3 A, 2 mm 4.0 A, 0.6 mm 1.6 A). On +5V only the pads that carry the board's
# current (fuse, capacitor, LED and Pi connectors, regulator) get the wide trunk; the rest join it thin.
NET_WIDTH = {"+5V_IN": 3.0, "+5V": MAIN_TRACK_MM, "+3V3R": 0.6}
TRUNK = {("F1", "2"), ("C1", "1"), ("J3", "A9"), ("J3", "B9"), ("U2", "3")}
BRANCH_MM = 0.5
CORNER = 3.0
REVISION = "1"


def pad_shapes(c: Carrier, at: dict) -> tuple[list, dict]:
    """Every pad as router copper, and the terminals of each net."""
    shapes, terminals = [], {}
    for p in c.parts:
        f = footprint(p.footprint)
        for pad in f.pads:
            x, y = transform(pad.x, pad.y, at[p.ref])
            w, h = (pad.w, pad.h) if round(at[p.ref][2]) % 180 == 0 else (pad.h, pad.w)
            net = p.pads.get(pad.name, "")
            layers = ((1,) if pad.bottom else (0,)) if pad.smd else (0, 1)
            owner = net or f"~{p.ref}.{pad.name}"  # an unconnected pad is copper too
            if pad.shape == "circle":
                shapes.append(Shape(owner, layers, "disc", (x, y), r=w / 2))
            else:
                shapes.append(Shape(owner, layers, "rect", (x, y), (w / 2, h / 2)))
            if net:
                terminals.setdefault(net, []).append(Terminal(p.ref, pad.name, x, y, layers))
    return shapes, terminals


def route(c: Carrier, at: dict) -> dict:
    shapes, terminals = pad_shapes(c, at)
    hole = footprint("MountingHole:MountingHole_3.2mm_M3")
    keepout = (hole.courtyard[2] - hole.courtyard[0]) / 2 - CLEARANCE
    r = Router(SIZE, shapes, [(x, y, keepout) for x, y in HOLES])
    # Power first (widest first), then the signals by name; ground is the bottom pour, so only
    # its surface-mount pads need a via down to it.
    order = sorted(terminals, key=lambda n: (-NET_WIDTH.get(n, 0.0), n))
    for net in order:
        pads = terminals[net]
        if net == "GND":
            smd = [t for t in pads if t.layers == (0,)]
            if smd:
                r.route(net, smd, 0.5, smd_to_plane=True)
            continue
        if net == "+5V":
            trunk = [t for t in pads if (t.ref, t.pad) in TRUNK or t.ref == "J4"]
            r.route(net, sorted(trunk, key=lambda t: (t.ref != "F1", t.ref, t.pad)), NET_WIDTH[net])
            r.route(net, [t for t in pads if t not in trunk], BRANCH_MM, extend=True)
        elif len(pads) > 1:
            r.route(net, pads, NET_WIDTH.get(net, SIGNAL_MM))
    return {"tracks": [list(t) for t in r.out.tracks], "vias": [list(v) for v in r.out.vias]}


def design(hw, cfg, lay=None) -> dict:
    c = carrier(hw, cfg)
    at = place(c, cfg, lay)
    routed = route(c, at)
    symbols, nc = symbol_ids(c.parts), no_connect_nets(c.parts, pin_names(c))
    texts = [{"text": f"clacks-hw carrier r{REVISION}", "at": [54.0, 30.0], "size": 1.2},
             {"text": "GND plane", "at": [60.0, 45.0], "size": 1.5, "layer": "B"}]
    return {
        "name": "carrier", "library": LIBRARY_DIR, "size": list(SIZE), "corner_radius": CORNER, "rules": RULES,
        "zone_margin": 0.3,
        "parts": [{"ref": p.ref, "footprint": p.footprint, "value": p.value, "at": list(at[p.ref]),
                   "pads": {**p.pads, **nc.get(p.ref, {})},
                   **({"symbol": symbols[p.ref]} if p.ref in symbols else {}),
                   **({"label": None} if p.ref.startswith("H") else {"label": list(LABELS[p.ref])} if p.ref in LABELS
                      else {})}
                  for p in c.parts],
        **routed,
        "zones": [{"net": "GND", "layer": 1, "clearance": 0.3, "spoke": 0.5},
                  {"net": "+5V", "layer": 0, "clearance": 0.3, "spoke": 0.6}],
        "texts": texts,
    }
