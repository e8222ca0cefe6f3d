"""The printable Clacks Alphabet Card, drawn from the edition's own alphabet data, so the
players' reference always matches what the board reads. One drawing in millimetres serves
the SVG (`clacks-hw alphabet-card`) and the print-and-play PDF (`clacks-hw cards`)."""

from __future__ import annotations

from ..game.clacks.edition import Edition
from .draw import PT, Face, Rect, Text, svg
from .sizes import load_sizes
from .textfit import clean

COLS = 7
LAMP, GAP = 5.5, 1.2  # one lamp cell and the gap between cells, mm
LAMP_ON, LAMP_OFF, PAPER = "#f5b700", "#3a3a3a", "#fdf8ec"


def alphabet_face(edition: Edition, size: tuple[float, float] | None = None) -> Face:
    width, height = size or load_sizes().alphabet
    names = list(edition.signals)
    rows = (len(names) + COLS - 1) // COLS
    top = 22.0
    pitch_x, pitch_y = (width - 8) / COLS, (height - top - 3) / rows
    note = f"{clean(edition.name)}: each signal as its sender sees it, top row farthest away."
    # no font metrics here (the SVG needs none): 0.6 em is wider than any sans-serif's average letter
    note_size = min(7.0, (width - 8) / (0.6 * PT * len(note)))
    shapes = [
        Rect(0, 0, width, height, fill=PAPER),
        Text(width / 2, 11, "The Clacks Alphabet", 16, bold=True, anchor="middle"),
        Text(width / 2, 17.5, note, note_size, anchor="middle"),
    ]
    glyph_w = 2 * LAMP + GAP
    for n, name in enumerate(names):
        x0 = 4 + (n % COLS) * pitch_x + (pitch_x - glyph_w) / 2
        y0 = top + (n // COLS) * pitch_y
        bits = edition.signals[name]
        for k in range(6):
            r, c = divmod(k, 2)
            on = bits >> k & 1
            shapes.append(Rect(x0 + c * (LAMP + GAP), y0 + r * (LAMP + GAP), LAMP, LAMP,
                               fill=LAMP_ON if on else LAMP_OFF, stroke="#000000", radius=1, line=0.25,
                               id=f"signal-{name}-{k}"))
        shapes.append(Text(x0 + glyph_w / 2, y0 + 3 * LAMP + 2 * GAP + 4, name, 9, bold=True, anchor="middle"))
    return Face("alphabet", "alphabet", width, height, tuple(shapes), tag=False)


def alphabet_svg(edition: Edition) -> str:
    """The card as SVG at its real size (width and height in mm, 1 user unit = 1 mm)."""
    return svg(alphabet_face(edition))
