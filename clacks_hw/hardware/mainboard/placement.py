"""Where the board's parts sit, checked: every courtyard on the board and off the reader
corners, no two on the same side overlapping, nothing but a key's own LED under a switch.

Courtyards come from the footprints (the files the router and pcbnew read: KiCad's library's
copies and the project's own, pcb/footprints/clacks.pretty); positions are the
footprints' origins in the panel's plan (x east, y south: KiCad's x and y, shifted).
"""

from __future__ import annotations

from ..pcb.kicad_lib import footprint, transform
from .circuit import Board

EDGE = 0.5  # courtyard to board edge, mm


def courtyard(board: Board, part) -> tuple:
    """(x0, y0, x1, y1) in the plan."""
    x0, y0, x1, y1 = footprint(board.data["kind"][part.kind]["footprint"]).courtyard
    corners = [transform(x, y, (*part.at, part.rot)) for x in (x0, x1) for y in (y0, y1)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def sides(board: Board, part) -> set:
    """The faces a part takes room on: a through-hole part's pins and joints take both."""
    kind = board.data["kind"][part.kind]
    return {"top", "bottom"} if not kind["smd"] else {kind.get("side", "top")}


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def placement_problems(board: Board, reader_boards=()) -> list:
    """``reader_boards``: the reader boards' rectangles (layout.py, four readers)."""
    x0, y0, x1, y1 = board.data["board"]["outline"]
    out, boxes = [], {}
    for p in board.parts:
        box = courtyard(board, p)
        boxes[p.ref] = box
        e = 0.0 if board.data["kind"][p.kind].get("edge") else EDGE  # an inlet's mouth is flush with the edge
        if box[0] < x0 + e or box[1] < y0 + e or box[2] > x1 - e or box[3] > y1 - e:
            out.append(f"{p.ref} ({p.role}) reaches past the board's edge: {_fmt(box)}")
    for r in reader_boards:
        if _overlap((x0, y0, x1, y1), r):
            out.append(f"the board's outline covers a reader board at {_fmt(r)}: keep the corners free")
    refs = [p for p in board.parts]
    for i, a in enumerate(refs):
        for b in refs[i + 1:]:
            if sides(board, a) & sides(board, b) and _overlap(boxes[a.ref], boxes[b.ref]):
                out.append(f"{a.ref} ({a.role}) and {b.ref} ({b.role}) overlap")
    half = board.data["kind"]["switch"]["body"] / 2
    own = {p.role.split(" ", 1)[1]: p.ref for p in board.parts if p.kind == "key_led" and " " in p.role}
    for sw in (p for p in board.parts if p.kind == "socket"):
        name = sw.role.split(" ")[0]
        body = (sw.at[0] - half, sw.at[1] - half, sw.at[0] + half, sw.at[1] + half)
        for p in board.parts:
            if p.ref != sw.ref and p.ref != own.get(name) and "top" in sides(board, p) and _overlap(body, boxes[p.ref]):
                out.append(f"{p.ref} ({p.role}) is under {name}'s switch, where only its own LED may be")
    return out


def _fmt(box) -> str:
    return "(" + ", ".join(f"{v:.1f}" for v in box) + ")"
