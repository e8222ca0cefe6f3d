"""A picture of each build step (steps.py): the board seen from the side the maker works on,
what earlier steps fitted in grey, this step's parts in orange with a numbered callout per kind
and pad 1 ringed, a legend naming each number, and close-ups of the parts that fit one way
round only (pad 1 marked, every pad's job named).

Drawn from the footprints' own pads and courtyards (kicad_lib.py) at the board's places, so a
moved or turned part moves in the picture. A bottom-side part is KiCad's flipped footprint
(its x mirrored); the view from below mirrors the board again, as a person turning it over sees.
"""

from __future__ import annotations

from html import escape

from ..pcb.kicad_lib import footprint, transform
from .placement import courtyard, sides
from .steps import Step

MM = 3.0  # px per mm on the board
PAD = 24.0  # px around the board
LEGEND_W = 380.0
CLOSE_BOX = 150.0  # px square per close-up
DONE, NOW, EDGE, PAD1 = "#cfd8dc", "#ffb74d", "#e65100", "#c62828"


def _fp(board, part):
    name = board.data["kind"][part.kind]["footprint"]
    try:
        return footprint(name)
    except Exception:  # the project's own footprint not drawn yet: its courtyard alone
        return None


def _local(board, part, x: float, y: float) -> tuple:
    """A footprint-frame point in the plan (a bottom part is KiCad's flipped footprint)."""
    flip = board.data["kind"][part.kind].get("side") == "bottom"
    return transform(-x if flip else x, y, (*part.at, part.rot))


class _View:
    def __init__(self, board, side: str):
        self.x0, self.y0, self.x1, self.y1 = board.data["board"]["outline"]
        self.below = side == "bottom"

    def xy(self, x: float, y: float) -> tuple:
        vx = (self.x1 - x) if self.below else (x - self.x0)
        return (PAD + vx * MM, PAD + (y - self.y0) * MM)

    def box(self, b: tuple) -> str:
        (ax, ay), (bx, by) = self.xy(b[0], b[1]), self.xy(b[2], b[3])
        return f'x="{min(ax, bx):.1f}" y="{min(ay, by):.1f}" width="{abs(bx - ax):.1f}" height="{abs(by - ay):.1f}"'


def _pads(board, part, view, fill: str, ring: bool) -> list:
    fp = _fp(board, part)
    out = []
    for pad in (fp.pads if fp else ()):
        corners = [view.xy(*_local(board, part, x, y)) for x in (pad.box()[0], pad.box()[2])
                   for y in (pad.box()[1], pad.box()[3])]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        out.append(f'<rect x="{min(xs):.1f}" y="{min(ys):.1f}" width="{max(xs) - min(xs):.1f}" '
                   f'height="{max(ys) - min(ys):.1f}" fill="{fill}"/>')
        if ring and pad.name == "1":
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            r = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 + 2.0
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" stroke="{PAD1}" stroke-width="1.5"/>')
    return out


def _kinds(step: Step) -> list:
    seen = []
    for p in step.parts:
        if p.kind not in seen:
            seen.append(p.kind)
    return seen


def _refs(parts) -> str:
    refs = [p.ref for p in parts]
    return ", ".join(refs) if len(refs) <= 4 else f"{refs[0]}-{refs[-1]}"


def _closeup(board, part, x: float, y: float, below: bool) -> list:
    """One part enlarged inside a CLOSE_BOX square at (x, y), as the board's picture turns it."""
    fp = _fp(board, part)
    kind = board.data["kind"][part.kind]
    jobs = {pad: job for job, pad in kind.get("pins", {}).items()}
    if fp is None or not fp.pads:
        return []
    flip = kind.get("side") == "bottom"
    pts = []
    for pad in fp.pads:
        px, py = transform(-pad.x if flip else pad.x, pad.y, (0.0, 0.0, part.rot))
        pts.append((pad, -px if below else px, py))
    span = max(max(abs(px) + max(p.w, p.h) for p, px, _ in pts), max(abs(py) + max(p.w, p.h) for p, _, py in pts))
    k = min(12.0, (CLOSE_BOX / 2 - 22) / span)
    cx, cy = x + CLOSE_BOX / 2, y + CLOSE_BOX / 2 + 6
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{CLOSE_BOX:.1f}" height="{CLOSE_BOX:.1f}" fill="#fafafa" stroke="#90a4ae"/>',
           f'<text x="{x + 4:.1f}" y="{y + 13:.1f}" font-size="11" font-weight="bold">{escape(part.ref)} close up</text>']
    for pad, px, py in pts:
        turned = round(part.rot) % 180 == 90
        w, h = (pad.h, pad.w) if turned else (pad.w, pad.h)
        out.append(f'<rect x="{cx + px * k - w * k / 2:.1f}" y="{cy + py * k - h * k / 2:.1f}" width="{w * k:.1f}" '
                   f'height="{h * k:.1f}" fill="#d4a017" stroke="{PAD1 if pad.name == "1" else "none"}" stroke-width="2"/>')
        label = jobs.get(pad.name, "") if len(pts) <= 8 else ("1" if pad.name == "1" else "")
        if label:
            out.append(f'<text x="{cx + px * k:.1f}" y="{cy + py * k + 3.5:.1f}" font-size="9" text-anchor="middle" '
                       f'fill="#000">{escape(label)}</text>')
    return out


def step_svg(board, step: Step, done: set) -> str:
    """``done``: the references fitted before this step (on this path)."""
    view = _View(board, step.side)
    bw, bh = (view.x1 - view.x0) * MM, (view.y1 - view.y0) * MM
    kinds = _kinds(step)
    number = {k: i + 1 for i, k in enumerate(kinds)}
    now = {p.ref for p in step.parts}
    close = [next(p for p in step.parts if p.kind == k) for k in step.closeup if k in number]
    width = PAD * 2 + bw + LEGEND_W
    height = max(PAD * 2 + bh + 20, 90 + 22 * len(kinds) + (CLOSE_BOX + 12) * ((len(close) + 1) // 2) + 40)
    face = "seen from below" if view.below else "seen from above"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, sans-serif">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
           f'<rect x="{PAD:.1f}" y="{PAD:.1f}" width="{bw:.1f}" height="{bh:.1f}" rx="9" fill="#2e7d32" fill-opacity="0.12" '
           'stroke="#1b5e20" stroke-width="2"/>',
           f'<text x="{PAD:.1f}" y="{PAD - 7:.1f}" font-size="12">the board, {face}: north up</text>']
    labels = []
    for p in board.parts:
        if not p.fitted or step.side not in sides(board, p):
            continue
        fill = NOW if p.ref in now else (DONE if p.ref in done else "none")
        stroke = EDGE if p.ref in now else "#b0bec5"
        dash = "" if p.ref in now or p.ref in done else ' stroke-dasharray="3 2"'
        out.append(f'<rect {view.box(courtyard(board, p))} fill="{fill}" stroke="{stroke}"{dash}/>')
        if p.ref in now:
            out += _pads(board, p, view, "#8d6e00", ring=True)
            bx = courtyard(board, p)
            tx, ty = view.xy(bx[0] if view.below else bx[2], bx[1])
            labels.append(f'<circle cx="{tx:.1f}" cy="{ty:.1f}" r="7" fill="{EDGE}"/>'
                          f'<text x="{tx:.1f}" y="{ty + 4:.1f}" font-size="10" text-anchor="middle" fill="#fff" '
                          f'font-weight="bold">{number[p.kind]}</text>')
    out += labels
    lx = PAD * 2 + bw
    out.append(f'<text x="{lx:.1f}" y="{PAD + 4:.1f}" font-size="15" font-weight="bold">Step {step.n}: '
               f'{escape(step.title[:40])}</text>')
    if len(step.title) > 40:
        out.append(f'<text x="{lx:.1f}" y="{PAD + 22:.1f}" font-size="15" font-weight="bold">{escape(step.title[40:].strip())}</text>')
    y = PAD + 46
    if not kinds:
        out.append(f'<text x="{lx:.1f}" y="{y:.1f}" font-size="12">nothing soldered: see the text</text>')
    for k in kinds:
        parts = [p for p in step.parts if p.kind == k]
        value = board.data["kind"][k]["value"]
        out.append(f'<circle cx="{lx + 8:.1f}" cy="{y - 4:.1f}" r="7" fill="{EDGE}"/><text x="{lx + 8:.1f}" y="{y:.1f}" '
                   f'font-size="10" text-anchor="middle" fill="#fff" font-weight="bold">{number[k]}</text>'
                   f'<text x="{lx + 22:.1f}" y="{y:.1f}" font-size="11">{len(parts)} x {escape(value[:34])} '
                   f'({escape(_refs(parts))})</text>')
        y += 22
    out.append(f'<text x="{lx:.1f}" y="{y + 4:.1f}" font-size="11"><tspan fill="{PAD1}">o</tspan> pad 1 ringed; grey: '
               'fitted before; dashed: later</text>')
    y += 20
    for i, p in enumerate(close):
        out += _closeup(board, p, lx + (i % 2) * (CLOSE_BOX + 10), y + (i // 2) * (CLOSE_BOX + 12), view.below)
    return "\n".join(out + ["</svg>"]) + "\n"
