"""A tiny drawing vocabulary for printed cards, in millimetres with y pointing down.

A card face is a list of these shapes; the PDF writer and the SVG writer each turn it into
their own format, so the printed sheet and the alphabet card SVG are one drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

PT = 25.4 / 72  # one typographic point in millimetres


def escape(text: str) -> str:
    """Text safe in SVG content and double-quoted attributes (xml.sax.saxutils would pull in
    urllib, http, email and ssl, slowing every command that draws a card)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    radius: float = 0.0
    line: float = 0.3
    id: str = ""


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line: float = 0.3
    dash: bool = False


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    line: float = 0.2
    dash: bool = False


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline point, `anchor` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float  # points
    bold: bool = False
    anchor: str = "start"
    fill: str = "#000000"
    upside_down: bool = False  # turned 180 degrees about (x, y), to read right after a fold


@dataclass(frozen=True)
class Face:
    """One printed item: a card, or a lamp tile's folded pair of faces."""

    kind: str  # jacquard, fault, incident, log, word, alphabet, lamp
    id: str  # the card id (J05, F01, W:GUILD), or a name for items without a tag
    width: float
    height: float
    shapes: tuple
    tag: bool  # carries an NTAG sticker (and is enrolled with `clacks-hw enroll`)


def _paint(fill, stroke, line, dash=False) -> str:
    out = f'fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{line:g}"'
        if dash:
            out += f' stroke-dasharray="{2 * line:g} {2 * line:g}"'
    return out


def svg(face: Face) -> str:
    """The face as an SVG document sized in millimetres (1 user unit = 1 mm)."""
    w, h = face.width, face.height
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
                      f'viewBox="0 0 {w:g} {h:g}" font-family="sans-serif">', *_shapes(face), "</svg>"]) + "\n"


def row_svg(faces: list[Face], gap: float = 4.0) -> str:
    """``faces`` side by side, ``gap`` mm apart, as one SVG document in millimetres: each is
    drawn exactly as :func:`svg` draws it alone (a sample of a deck, for the docs)."""
    w, h = sum(f.width for f in faces) + gap * (len(faces) + 1), max(f.height for f in faces) + 2 * gap
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
           f'viewBox="0 0 {w:g} {h:g}" font-family="sans-serif">', f'<rect width="{w:g}" height="{h:g}" fill="#ffffff"/>']
    x = gap
    for face in faces:
        out.append(f'<svg x="{x:g}" y="{gap:g}" width="{face.width:g}" height="{face.height:g}" '
                   f'viewBox="0 0 {face.width:g} {face.height:g}">')
        out += [*_shapes(face), "</svg>"]
        x += face.width + gap
    return "\n".join([*out, "</svg>"]) + "\n"


def _shapes(face: Face) -> list[str]:
    out = []
    for s in face.shapes:
        if isinstance(s, Rect):
            ident = f' id="{escape(s.id)}"' if s.id else ""
            out.append(f'<rect{ident} x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" '
                       f'rx="{s.radius:g}" {_paint(s.fill, s.stroke, s.line)}/>')
        elif isinstance(s, Circle):
            out.append(f'<circle cx="{s.cx:g}" cy="{s.cy:g}" r="{s.r:g}" '
                       f'{_paint(s.fill, s.stroke, s.line, s.dash)}/>')
        elif isinstance(s, Line):
            out.append(f'<line x1="{s.x1:g}" y1="{s.y1:g}" x2="{s.x2:g}" y2="{s.y2:g}" '
                       f'{_paint(None, s.stroke, s.line, s.dash)}/>')
        else:
            weight = ' font-weight="bold"' if s.bold else ""
            turn = f' transform="rotate(180 {s.x:g} {s.y:g})"' if s.upside_down else ""
            out.append(f'<text x="{s.x:g}" y="{s.y:g}" font-size="{s.size * PT:.3f}" text-anchor="{s.anchor}" '
                       f'fill="{s.fill}"{weight}{turn}>{escape(s.text)}</text>')
    return out
