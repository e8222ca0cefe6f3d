"""The print-and-play PDF: every card of an edition at real size, with cut marks.

`write_cards_pdf(edition, paper, path)` is the one entry point (the `clacks-hw cards` command
and the build files use it). The PDF is deterministic (reportlab's invariant mode): the same
edition, paper and sizes always give the same bytes, so a committed copy can be checked.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..game.clacks.edition import Edition
from ..base.secure_files import write_file
from .draw import Circle, Face, Line, Rect, Text
from .faces import all_faces
from .fonts import Fonts, choose_fonts
from .sheets import PAPERS, TITLES, Page, Placed, cut_marks, layout
from .sizes import Sizes, load_sizes
from .textfit import PrintError, clean

SCALE_BAR = 50.0  # mm: a ruler on every page to check the print was not scaled


@dataclass(frozen=True)
class CardSheets:
    paper: str
    pages: list[Page]
    placed: list[Placed]

    def counts(self) -> Counter:
        return Counter(p.face.kind for p in self.placed)

    def summary(self) -> str:
        c = self.counts()
        return (f"{len(self.pages)} {self.paper} pages: {c['jacquard']} jacquards, {c['fault']} fault, "
                f"{c['incident']} incident and {c['log']} log cards, {c['word']} word cards, "
                f"{c['alphabet']} alphabet card, {c['lamp']} lamp tiles")


def edition_texts(edition: Edition) -> dict[str, str]:
    """Every owner-written text that is printed, by where it comes from (for font errors)."""
    texts = {"edition.toml name": edition.name}
    for c in edition.cards.values():
        texts[f"cards.toml {c.id} name"] = c.name
        texts[f"cards.toml {c.id} text"] = c.text
    for s in edition.shapes.values():
        texts[f"jacquards.toml shape {s.name!r}"] = s.name
    return {what: clean(text) for what, text in texts.items()}


class _Painter:
    """Draws faces (mm, y down, origin at the item's top-left) on a reportlab canvas."""

    def __init__(self, canvas: Canvas, fonts: Fonts, page_h: float):
        self.c, self.fonts, self.page_h = canvas, fonts, page_h

    def _paint(self, fill, stroke, line, dash=False) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(HexColor(fill))
        if stroke:
            self.c.setStrokeColor(HexColor(stroke))
            self.c.setLineWidth(line * mm)
            self.c.setDash([2 * line * mm, 2 * line * mm] if dash else [])
        return int(bool(stroke)), int(bool(fill))

    def face(self, face: Face, ox: float, oy: float) -> None:
        c = self.c
        for s in face.shapes:
            if isinstance(s, Rect):
                st, fi = self._paint(s.fill, s.stroke, s.line)
                x, y = (ox + s.x) * mm, (self.page_h - oy - s.y - s.h) * mm
                if s.radius:
                    c.roundRect(x, y, s.w * mm, s.h * mm, s.radius * mm, stroke=st, fill=fi)
                else:
                    c.rect(x, y, s.w * mm, s.h * mm, stroke=st, fill=fi)
            elif isinstance(s, Circle):
                st, fi = self._paint(s.fill, s.stroke, s.line, s.dash)
                c.circle((ox + s.cx) * mm, (self.page_h - oy - s.cy) * mm, s.r * mm, stroke=st, fill=fi)
            elif isinstance(s, Line):
                self._paint(None, s.stroke, s.line, s.dash)
                c.line((ox + s.x1) * mm, (self.page_h - oy - s.y1) * mm,
                       (ox + s.x2) * mm, (self.page_h - oy - s.y2) * mm)
            else:
                self.text(s, ox, oy)

    def text(self, s: Text, ox: float, oy: float, angle: int = 0) -> None:
        c = self.c
        c.saveState()
        c.setFillColor(HexColor(s.fill))
        c.setFont(self.fonts.name(s.bold), s.size)
        c.translate((ox + s.x) * mm, (self.page_h - oy - s.y) * mm)
        c.rotate(180 if s.upside_down else angle)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[s.anchor]
        draw(0, 0, s.text)  # reportlab escapes the PDF string; text is never parsed as markup
        c.restoreState()

    def margin_notes(self, page: Page, number: int, total: int) -> None:
        """In the left margin, within the first row (clear of the cut marks): a ruler to check
        the print was not scaled, and what the page holds."""
        bar_x, top, bottom = page.x - 3, page.y + 3, page.y + 3 + SCALE_BAR
        self._paint(None, "#000000", 0.3)
        for x1, y1, x2, y2 in ((bar_x, top, bar_x, bottom), (bar_x - 1, top, bar_x + 1, top),
                               (bar_x - 1, bottom, bar_x + 1, bottom)):
            self.c.line(x1 * mm, (self.page_h - y1) * mm, x2 * mm, (self.page_h - y2) * mm)
        label = f"{SCALE_BAR:g} mm"
        self.text(Text(bar_x + 0.8, bottom + 2 + self.fonts.width(label, 6, False), label, 6), 0, 0, angle=90)
        note = f"{TITLES[page.kind]} - page {number} of {total} - print at 100 % (actual size)"
        self.text(Text(page.x - 5.5, page.y + page.h - 3, note, 6), 0, 0, angle=90)


def render(edition: Edition, paper: str, sizes: Sizes | None = None) -> tuple[bytes, CardSheets]:
    if paper not in PAPERS:
        raise PrintError(f"unknown paper {paper!r}: use " + " or ".join(PAPERS))
    sizes = sizes or load_sizes()
    fonts = choose_fonts(edition_texts(edition))
    faces = all_faces(edition, sizes, fonts.width)
    pages, placed = layout(faces, paper, sizes.margin)
    page_w, page_h = PAPERS[paper]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(page_w * mm, page_h * mm), invariant=1, pageCompression=1)
    c.setTitle(f"{edition.name}: print-and-play cards ({paper})")
    c.setAuthor("clacks-hw")
    c.setSubject(f"edition fingerprint {edition.fingerprint}")
    painter = _Painter(c, fonts, page_h)
    by_page: dict[int, list[Placed]] = {}
    for p in placed:
        by_page.setdefault(p.page, []).append(p)
    for n, page in enumerate(pages):
        for p in by_page[n]:
            painter.face(p.face, p.x, p.y)
        painter._paint(None, "#000000", 0.25)
        for x1, y1, x2, y2 in cut_marks(page, paper):
            c.line(x1 * mm, (page_h - y1) * mm, x2 * mm, (page_h - y2) * mm)
        painter.margin_notes(page, n + 1, len(pages))
        c.showPage()
    c.save()
    return buf.getvalue(), CardSheets(paper, pages, placed)


def write_cards_pdf(edition: Edition, paper: str, path: str | Path) -> CardSheets:
    """Write the edition's print-and-play PDF to `path`. Raises PrintError (what and how to
    fix it) for an edition that cannot be printed, OSError if the file cannot be written."""
    data, sheets = render(edition, paper)
    write_file(path, data, 0o644)  # never through a link, even run as root (secure_files.py)
    return sheets
