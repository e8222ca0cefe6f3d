"""The panel's engraved names: where each button's and reader's label goes, each clear of the
cut-outs and the others (the laser-cut case's top sheet engraves them, case/scad.py)."""

from __future__ import annotations

from .layout import Layout


def label_box(text: str, x: float, y: float, anchor: str, size: float) -> tuple[float, float, float, float]:
    """The rough extent (x0, y0, x1, y1) of a label: sans-serif capitals, baseline at ``y``."""
    w = 0.62 * size * len(text)
    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    return x0, y - 0.75 * size, x0 + w, y + 0.2 * size


def labels(lay: Layout) -> list:
    """Where each button's and seat's name is engraved (text, x, y, anchor), clear of every cut-out.

    Red tower buttons sit in the gaps between lamp columns: name below. Green ones sit in the
    gaps between rows, right under a lamp window: name beside, in the gap. The south seat
    indicator is under the control row: name beside it.
    """
    size, m, pitch = lay.hw.board["panel"]["label_size"], lay.margin, lay.pitch
    out = []
    for h in lay.holes:
        between_rows = abs((h.y - m) / pitch - round((h.y - m) / pitch)) < 1e-9 and m < h.y < lay.width - m
        if (h.kind == "tower" and h.name.startswith("G") and between_rows) or h.name == "seat S":
            out.append((h.name, h.x + h.d / 2 + 1.5, h.y + 0.3 * size, "start"))
        else:
            out.append((h.name, h.x, h.y + h.d / 2 + 4, "middle"))
    return out


def reader_label(r) -> str:
    return "CARDS" if r.seat is None else f"CARDS {r.seat}"
