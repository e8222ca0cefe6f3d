"""What every board's KiCad design shares: the design rules KiCad checks it against, and its
pads as the router's copper and terminals (mainboard/design.py builds the circuit board's)."""

from __future__ import annotations

from .kicad_lib import footprint, transform
from .router import VIA, Shape, Terminal

RULES = {"clearance": 0.2, "track_min": 0.25, "track": 0.3, "edge": 0.5, "via": list(VIA)}


def pad_shapes(c, at: dict) -> tuple[list, dict]:
    """Every pad of the board ``c`` (its parts: ref, footprint, pads) placed ``at`` as router
    copper, and the terminals of each net."""
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
