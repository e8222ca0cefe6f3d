"""Every printed item of an edition as a drawing in millimetres (see draw.py): the jacquards,
the report cards, the word cards, the alphabet card and the lamp tiles' ON/OFF faces.

Every card that the board reads shows a dashed circle where its NTAG sticker goes, with the
card id that `clacks-hw enroll` asks for.
"""

from __future__ import annotations

from .alphabet_card import LAMP_OFF, LAMP_ON, alphabet_face
from ..cards.enrolment import WORD_PREFIX
from ..game.clacks.edition import Card, Edition, Jacquard
from .draw import PT, Circle, Face, Line, Rect, Text
from .sizes import Sizes
from .textfit import LEADING, Measure, clean, fit, fit_line

# (card background, header band) per kind; the band colours also tell the kinds apart in tests
COLOURS = {
    "jacquard": ("#efe4c8", "#5b3a1e"),
    "fault": ("#f6dcd6", "#b3261e"),
    "incident": ("#d9e4f5", "#1f4e9c"),
    "log": ("#dcefdc", "#2e7d32"),
    "word": ("#fdf8ec", "#6a3d9a"),
}
STAMP = "#d84315"  # the fault stamp on a jacquard
DECK_TITLES = {"fault": "FAULT REPORT", "incident": "INCIDENT REPORT", "log": "OPERATOR'S LOG"}
BAND_INSET, BAND_H = 2.5, 9.0
HOLE_PITCH, HOLE_R, GRID_TOP = 10.5, 3.6, 14.0  # the jacquard's 4 x 4 punch grid


def band(kind: str, w: float, h: float, left: str, right: str, measure: Measure) -> list:
    """The card's background and its header band, in the kind's colours."""
    paper, ink = COLOURS[kind]
    y = BAND_INSET + BAND_H / 2 + 1.2
    room = w - 2 * BAND_INSET - 7 - measure(left, 9, True)
    size = fit_line(right, room, (8, 7, 6, 5), False, measure, f"{left}: the name")
    return [Rect(0, 0, w, h, fill=paper),
            Rect(BAND_INSET, BAND_INSET, w - 2 * BAND_INSET, BAND_H, fill=ink, radius=1.5),
            Text(BAND_INSET + 2.5, y, left, 9, bold=True, fill="#ffffff"),
            Text(w - BAND_INSET - 2.5, y, right, size, anchor="end", fill="#ffffff")]


def sticker(card_id: str, cx: float, cy: float, sizes: Sizes) -> list:
    r = sizes.sticker / 2
    return [Circle(cx, cy, r, stroke="#777777", line=0.3, dash=True),
            Text(cx, cy - 1, "NTAG sticker", 6, anchor="middle", fill="#777777"),
            Text(cx, cy + 3, card_id, 7, bold=True, anchor="middle", fill="#777777")]


def hole_centre(row: int, col: int, card_w: float) -> tuple[float, float]:
    """Where hole (row, col) of the 4 x 4 grid is drawn on a jacquard, in mm from its top left."""
    x0 = (card_w - 4 * HOLE_PITCH) / 2
    return x0 + (col + 0.5) * HOLE_PITCH, GRID_TOP + (row + 0.5) * HOLE_PITCH


def jacquard(j: Jacquard, sizes: Sizes, measure: Measure) -> Face:
    w, h = sizes.card
    shapes = band("jacquard", w, h, j.id, clean(j.shape.name), measure)
    x0 = (w - 4 * HOLE_PITCH) / 2
    shapes.append(Rect(x0, GRID_TOP, 4 * HOLE_PITCH, 4 * HOLE_PITCH, stroke="#b9a983", radius=1.5))
    holes = set(j.shape.holes)
    for row in range(4):
        for col in range(4):
            cx, cy = hole_centre(row, col, w)
            if (row, col) in holes:
                shapes.append(Circle(cx, cy, HOLE_R, fill="#000000"))
            else:
                shapes.append(Circle(cx, cy, HOLE_R, stroke="#b9a983", line=0.3))
    bottom = GRID_TOP + 4 * HOLE_PITCH + 3
    r = sizes.sticker / 2
    shapes += sticker(j.id, BAND_INSET + 1 + r, bottom + r, sizes)
    right = (BAND_INSET + 2 + 2 * r + w) / 2
    shapes += [Text(right, bottom + 10, str(j.cost), 24, bold=True, anchor="middle"),
               Text(right, bottom + 14.5, "stress points", 6, anchor="middle")]
    if j.stamp:
        shapes += [Rect(right - 11, bottom + 17, 22, 7, fill=STAMP, radius=1),
                   Text(right, bottom + 22, "FAULT STAMP", 7, bold=True, anchor="middle", fill="#ffffff")]
    return Face("jacquard", j.id, w, h, tuple(shapes), tag=True)


def text_block(x: float, y: float, lines: list[str], size: float, bold: bool) -> list:
    step = size * LEADING * PT
    return [Text(x, y + (i + 0.8) * step, line, size, bold=bold) for i, line in enumerate(lines)]


def report(card: Card, sizes: Sizes, measure: Measure) -> Face:
    w, h = sizes.card
    shapes = band(card.deck, w, h, DECK_TITLES[card.deck], card.id, measure)
    x, width = 4.0, w - 8.0
    sticker_top = h - 3 - sizes.sticker
    what = f"{card.id} ({card.deck} card)"
    size, lines = fit(card.name, width, 12, (11, 10, 9, 8, 7), True, measure, f"{what} name")
    shapes += text_block(x, 14, lines, size, True)
    top = 14 + len(lines) * size * LEADING * PT + 2
    size, lines = fit(card.text, width, sticker_top - 2 - top, (9, 8.5, 8, 7.5, 7, 6.5, 6), False, measure,
                      f"{what} text")
    shapes += text_block(x, top, lines, size, False)
    shapes += sticker(card.id, w / 2, sticker_top + sizes.sticker / 2, sizes)
    return Face(card.deck, card.id, w, h, tuple(shapes), tag=True)


def word(edition: Edition, text: str, sizes: Sizes, measure: Measure) -> Face:
    w, h = sizes.card
    card_id = WORD_PREFIX + text
    shapes = band("word", w, h, "CLACKS CARD", "", measure)
    size = fit_line(text, w - 8, (22, 20, 18, 16, 14, 12, 10, 9, 8, 7, 6), True, measure, "words.toml: the word")
    shapes.append(Text(w / 2, 24, text, size, bold=True, anchor="middle"))
    slot = min(11.0, (w - 8) / len(text))  # one letter's signal, as its sender sees it
    cell, gap = slot * 0.3, slot * 0.08
    x0, y0 = (w - slot * len(text)) / 2, 30.0
    for n, letter in enumerate(text):
        gx = x0 + n * slot + (slot - 2 * cell - gap) / 2
        bits = edition.signals[letter]
        for k in range(6):
            r, c = divmod(k, 2)
            shapes.append(Rect(gx + c * (cell + gap), y0 + r * (cell + gap), cell, cell, radius=cell / 6,
                               fill=LAMP_ON if bits >> k & 1 else LAMP_OFF, stroke="#000000", line=0.15))
        shapes.append(Text(x0 + (n + 0.5) * slot, y0 + 3 * cell + 2 * gap + 3.5, letter, min(8, slot * 2),
                           bold=True, anchor="middle"))
    shapes += sticker(card_id, w / 2, h - 3 - sizes.sticker / 2, sizes)
    return Face("word", card_id, w, h, tuple(shapes), tag=True)


def lamp(n: int, sizes: Sizes) -> Face:
    """One lamp tile: ON face above, OFF face below (upside down), folded on the dashed line."""
    s = sizes.lamp_tile
    shapes = [Rect(0, 0, s, 2 * s, fill="#ffffff")]
    for top, fill, glow, label, ink in ((0.0, LAMP_ON, "#ffe27a", "ON", "#000000"),
                                        (s, LAMP_OFF, "#555555", "OFF", "#ffffff")):
        shapes += [Rect(1.5, top + 1.5, s - 3, s - 3, fill=fill, radius=2),
                   Circle(s / 2, top + s / 2, s * 0.3, fill=glow)]
        if top:
            shapes.append(Text(s / 2, top + s / 2 - 2.5, label, 10, bold=True, anchor="middle", fill=ink,
                               upside_down=True))
        else:
            shapes.append(Text(s / 2, top + s / 2 + 2.5, label, 10, bold=True, anchor="middle", fill=ink))
    shapes.append(Line(0, s, s, s, stroke="#999999", line=0.2, dash=True))
    return Face("lamp", f"lamp tile {n}", s, 2 * s, tuple(shapes), tag=False)


def all_faces(edition: Edition, sizes: Sizes, measure: Measure) -> list[Face]:
    """Every item to print, grouped by kind in print order."""
    faces = [jacquard(j, sizes, measure) for j in edition.jacquards.values()]
    faces += [report(c, sizes, measure) for c in edition.cards.values()]
    faces += [word(edition, t, sizes, measure) for t in edition.words]
    faces.append(alphabet_face(edition, sizes.alphabet))
    faces += [lamp(n, sizes) for n in range(1, 17)]
    return faces
