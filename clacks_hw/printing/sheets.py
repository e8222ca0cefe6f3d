"""Laying printed items out on pages: each kind on pages of its own, the items of a page
butted together in a centred block so one straight cut separates two neighbours, with cut
marks in the margins along every cut line."""

from __future__ import annotations

from dataclasses import dataclass

from .draw import Face
from .textfit import PrintError

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
TITLES = {"jacquard": "Jacquards", "fault": "Fault Report cards", "incident": "Incident Report cards",
          "log": "Operator's Log cards", "word": "Clacks word cards", "alphabet": "Clacks Alphabet Card",
          "lamp": "Lamp tiles (fold, glue)"}
MARK_GAP, MARK_LEN = 1.5, 5.0  # cut marks start this far outside the block and run this long


@dataclass(frozen=True)
class Placed:
    face: Face
    page: int  # 0-based
    x: float  # top-left corner on the page, mm from the page's top-left corner
    y: float


@dataclass(frozen=True)
class Page:
    kind: str
    x: float  # the block of items: top-left corner, item size, columns and rows used
    y: float
    w: float
    h: float
    cols: int
    rows: int


def layout(faces: list[Face], paper: str, margin: float) -> tuple[list[Page], list[Placed]]:
    page_w, page_h = PAPERS[paper]
    pages: list[Page] = []
    placed: list[Placed] = []
    groups: list[list[Face]] = []
    for face in faces:
        if groups and groups[-1][0].kind == face.kind:
            groups[-1].append(face)
        else:
            groups.append([face])
    for group in groups:
        w, h = group[0].width, group[0].height
        cols, rows = int((page_w - 2 * margin) // w), int((page_h - 2 * margin) // h)
        if not cols or not rows:
            raise PrintError(f"a {w:g} x {h:g} mm {group[0].kind} card does not fit a {paper} page "
                             f"with {margin:g} mm margins")
        per_page = cols * rows
        for start in range(0, len(group), per_page):
            chunk = group[start:start + per_page]
            used_cols = min(cols, len(chunk))
            used_rows = (len(chunk) + cols - 1) // cols
            # the full block is centred, so every page of a kind has its cut lines in the same place
            x0, y0 = (page_w - cols * w) / 2, (page_h - rows * h) / 2
            pages.append(Page(group[0].kind, x0, y0, w, h, used_cols, used_rows))
            for n, face in enumerate(chunk):
                r, c = divmod(n, cols)
                placed.append(Placed(face, len(pages) - 1, x0 + c * w, y0 + r * h))
    return pages, placed


def cut_marks(page: Page, paper: str) -> list[tuple[float, float, float, float]]:
    """Short lines (x1, y1, x2, y2) in the margins, in line with every cut."""
    page_w, page_h = PAPERS[paper]
    right, bottom = page.x + page.cols * page.w, page.y + page.rows * page.h
    out = []
    for i in range(page.cols + 1):
        x = page.x + i * page.w
        out.append((x, page.y - MARK_GAP, x, max(page.y - MARK_GAP - MARK_LEN, 0)))
        out.append((x, bottom + MARK_GAP, x, min(bottom + MARK_GAP + MARK_LEN, page_h)))
    for j in range(page.rows + 1):
        y = page.y + j * page.h
        out.append((page.x - MARK_GAP, y, max(page.x - MARK_GAP - MARK_LEN, 0), y))
        out.append((right + MARK_GAP, y, min(right + MARK_GAP + MARK_LEN, page_w), y))
    return out
