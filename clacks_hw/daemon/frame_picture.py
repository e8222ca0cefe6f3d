"""A frame of the board's LEDs as a picture (SVG), for the docs: the 4x4 lamps with the seat
indicators on their four sides, the red tower buttons (3 wide, 2 tall) and the green ones
(2 wide, 3 tall) below, each lit in its frame colour, dark ones drawn as unlit glass.

Text-only and deterministic (the same frame always gives the same bytes), so a test can draw
the pictures the docs show and fail when a committed one is stale.
"""

from __future__ import annotations

from ..drivers.frame import SEATS, Frame
from ..game.core.table import TOWER_BUTTONS

CELL = 40  # a lamp's square
GAP = 6
PAD = 30  # room for the seat indicators around the lamps
BUTTON = 26
ROW = BUTTON + 16  # a button row with its name under it
UNLIT = "#24262b"


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb) if any(rgb) else UNLIT


def _lamps(frame: Frame) -> list[str]:
    out = []
    for i in range(16):
        row, col = divmod(i, 4)
        x, y = PAD + col * (CELL + GAP), PAD + row * (CELL + GAP)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="5" fill="{_hex(frame.lamp(i))}" '
                   f'stroke="#555"><title>lamp {i}</title></rect>')
    return out


def _seats(frame: Frame, side: int) -> list[str]:
    mid, near, far = PAD + side / 2, PAD / 2, PAD + side + PAD / 2
    where = {"N": (mid, near), "S": (mid, far), "W": (near, mid), "E": (far, mid)}
    out = []
    for seat in SEATS:
        x, y = where[seat]
        out.append(f'<circle cx="{x:g}" cy="{y:g}" r="9" fill="{_hex(frame.seat(seat))}" stroke="#777">'
                   f'<title>seat {seat}</title></circle>'
                   f'<text x="{x:g}" y="{y + 4:g}" font-size="10" text-anchor="middle" fill="#ddd">{seat}</text>')
    return out


def _buttons(frame: Frame, top: int) -> list[str]:
    out = []
    for name, (colour, (bx, by)) in TOWER_BUTTONS.items():
        left = PAD if colour == "red" else PAD + 3 * (BUTTON + GAP) + 2 * PAD
        x, y = left + bx * (BUTTON + GAP), top + by * ROW
        edge = "#c33" if colour == "red" else "#3a3"
        out.append(f'<rect x="{x}" y="{y}" width="{BUTTON}" height="{BUTTON}" rx="13" '
                   f'fill="{_hex(frame.tower(name))}" stroke="{edge}" stroke-width="2">'
                   f'<title>{name}</title></rect>'
                   f'<text x="{x + BUTTON / 2:g}" y="{y + BUTTON + 11}" font-size="9" text-anchor="middle" '
                   f'fill="#aaa">{name}</text>')
    return out


def frame_svg(frame: Frame, caption: str = "") -> str:
    side = 4 * CELL + 3 * GAP
    top = PAD + side + PAD + 10
    width = max(2 * PAD + side, PAD + 3 * (BUTTON + GAP) + 2 * PAD + 2 * (BUTTON + GAP) + PAD)
    height = top + 3 * ROW + 6 + (24 if caption else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="#111317"/>',
             *_lamps(frame), *_seats(frame, side), *_buttons(frame, top)]
    if caption:
        parts.append(f'<text x="{width / 2:g}" y="{height - 8}" font-size="12" text-anchor="middle" '
                     f'fill="#eee">{_escape(caption)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
