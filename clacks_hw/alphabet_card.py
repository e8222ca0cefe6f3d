"""The printable Clacks Alphabet Card (SVG), drawn from the edition's own alphabet data,
so the players' reference always matches what the board reads."""

from __future__ import annotations

from .game.edition import Edition

CELL, GAP, COLS = 14, 4, 7
TILE_W, TILE_H = 2 * CELL + 3 * GAP + 24, 3 * CELL + 4 * GAP + 26


def escape(text: str) -> str:
    """Text safe in SVG content and attributes (xml.sax.saxutils would pull in urllib, http,
    email and ssl just for this)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def alphabet_svg(edition: Edition) -> str:
    names = list(edition.signals)
    rows = (len(names) + COLS - 1) // COLS
    width, height = COLS * TILE_W + 20, rows * TILE_H + 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        '<rect width="100%" height="100%" fill="#fdf8ec"/>',
        f'<text x="{width / 2}" y="30" text-anchor="middle" font-size="20" font-weight="bold">'
        'The Clacks Alphabet</text>',
        f'<text x="{width / 2}" y="48" text-anchor="middle" font-size="10">{escape(edition.name)}: each '
        'signal as its sender sees it, top row farthest away.</text>',
    ]
    for n, name in enumerate(names):
        x0 = 10 + (n % COLS) * TILE_W + 12
        y0 = 60 + (n // COLS) * TILE_H
        bits = edition.signals[name]
        out.append(f'<g id="signal-{escape(name)}">')
        for k in range(6):
            r, c = divmod(k, 2)
            x, y = x0 + GAP + c * (CELL + GAP), y0 + GAP + r * (CELL + GAP)
            fill = "#f5b700" if bits >> k & 1 else "#3a3a3a"
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="3" fill="{fill}" '
                       f'stroke="#000" stroke-width="1" data-on="{bits >> k & 1}"/>')
        out.append(f'<text x="{x0 + CELL + GAP * 1.5}" y="{y0 + 3 * (CELL + GAP) + 16}" '
                   f'text-anchor="middle" font-size="11">{escape(name)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
