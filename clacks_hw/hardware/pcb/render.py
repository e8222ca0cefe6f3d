"""A picture of a board's top side, drawn from the KiCad board's own data (art.json from
the pcbnew script: filled zones, tracks, pads, holes, silkscreen). pcbnew 6 has no headless 3D
view, so this is a plot in board-house colours, and its caption says so."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

MASK = (24, 92, 52)  # green solder mask over bare laminate
COPPER_UNDER_MASK = (58, 130, 70)
PAD = (205, 205, 198)  # HASL finish
HOLE = (28, 28, 28)
SILK = (245, 245, 240)
PAPER = (255, 255, 255)
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian's fonts-dejavu-core


def _font(px: int):
    from PIL import ImageFont
    try:
        return ImageFont.truetype(str(FONT), px)
    except OSError:
        return ImageFont.load_default()


def render_png(art: dict, size: tuple[float, float], corner: float, caption: str, scale: float = 10.0) -> bytes:
    from PIL import Image, ImageDraw
    ss = 2  # drawn at twice the size, then shrunk: smooth edges
    k = scale * ss
    margin = 6 * k
    w, h = size
    strip = 9 * k
    img = Image.new("RGB", (int(w * k + 2 * margin), int(h * k + 2 * margin + strip)), PAPER)
    d = ImageDraw.Draw(img)

    def p(x, y):
        return (margin + x * k, margin + y * k)

    d.rounded_rectangle([p(0, 0), p(w, h)], radius=corner * k, fill=MASK)
    for z in art["zones"]:
        if z["layer"] != 0:
            continue
        for poly in z["polys"]:
            d.polygon([p(*q) for q in poly["outline"]], fill=COPPER_UNDER_MASK)
            for hole in poly["holes"]:
                d.polygon([p(*q) for q in hole], fill=MASK)
    for t in art["tracks"]:
        if t["layer"] == 0:
            d.line([p(*t["a"]), p(*t["b"])], fill=COPPER_UNDER_MASK, width=max(1, round(t["w"] * k)))
            for end in (t["a"], t["b"]):
                r = t["w"] * k / 2
                x, y = p(*end)
                d.ellipse([x - r, y - r, x + r, y + r], fill=COPPER_UNDER_MASK)
    for v in art["vias"]:
        x, y = p(*v["at"])
        r, rd = v["d"] * k / 2, v["drill"] * k / 2
        d.ellipse([x - r, y - r, x + r, y + r], fill=PAD)
        d.ellipse([x - rd, y - rd, x + rd, y + rd], fill=HOLE)
    for pad in art["pads"]:
        if not pad["top"]:
            continue
        for poly in pad["polys"]:
            d.polygon([p(*q) for q in poly["outline"]], fill=PAD)
        hx, hy, hd = pad["hole"]
        if hd > 0:
            x, y = p(hx, hy)
            r = hd * k / 2
            d.ellipse([x - r, y - r, x + r, y + r], fill=HOLE)
    for s in art["silk"]:
        width = max(1, round(s.get("w", 0.12) * k))
        if "line" in s:
            d.line([p(*q) for q in s["line"]], fill=SILK, width=width)
        elif "circle" in s:
            x, y = p(*s["circle"])
            r = s["r"] * k
            d.ellipse([x - r, y - r, x + r, y + r], outline=SILK, width=width)
        elif "arc" in s:
            d.line([p(*q) for q in _arc_points(*s["arc"])], fill=SILK, width=width)
        elif "fill" in s:
            d.polygon([p(*q) for q in s["fill"]], fill=SILK)
    for t in art["texts"]:
        font = _font(max(8, round(t["size"] * k)))
        x, y = p(*t["at"])
        text = t["text"]
        layer = t.get("layer", "F")
        if layer == "B":
            continue  # bottom-side legend: not seen from the top
        label = Image.new("RGBA", (int(font.getlength(text)) + 4, int(t["size"] * k * 1.4) + 4), (0, 0, 0, 0))
        ImageDraw.Draw(label).text((2, 2), text, font=font, fill=SILK)
        angle = t.get("angle", 0.0)
        if angle:
            label = label.rotate(angle, expand=True)
        img.paste(label, (int(x - label.width / 2), int(y - label.height / 2)), label)
    d.text((margin, margin + h * k + 2.5 * k), caption, font=_font(round(2.4 * k)), fill=(40, 40, 40))
    img = img.resize((img.width // ss, img.height // ss), Image.LANCZOS)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _arc_points(a, m, b, n: int = 24) -> list:
    """Points along the circle through a, m, b, from a to b via m."""
    (ax, ay), (mx, my), (bx, by) = a, m, b
    den = 2 * (ax * (my - by) + mx * (by - ay) + bx * (ay - my))
    if abs(den) < 1e-9:
        return [a, b]
    ux = ((ax * ax + ay * ay) * (my - by) + (mx * mx + my * my) * (by - ay) + (bx * bx + by * by) * (ay - my)) / den
    uy = ((ax * ax + ay * ay) * (bx - mx) + (mx * mx + my * my) * (ax - bx) + (bx * bx + by * by) * (mx - ax)) / den
    r = math.hypot(ax - ux, ay - uy)
    t0, tm, t1 = (math.atan2(q[1] - uy, q[0] - ux) for q in (a, m, b))

    def between(t, lo, hi):  # is t on the counter-clockwise sweep from lo to hi
        return (t - lo) % (2 * math.pi) <= (hi - lo) % (2 * math.pi)

    sweep = (t1 - t0) % (2 * math.pi)
    if not between(tm, t0, t1):
        sweep -= 2 * math.pi
    return [(ux + r * math.cos(t0 + sweep * i / n), uy + r * math.sin(t0 + sweep * i / n)) for i in range(n + 1)]


def render_file(art_path: Path, size, corner, caption) -> bytes:
    return render_png(json.loads(art_path.read_text(encoding="utf-8")), size, corner, caption)
