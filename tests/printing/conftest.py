"""Printed cards seen as a printer would print them: the PDF's pages rendered to images with
poppler's pdftoppm, and its text read back with pdftotext (Debian's poppler-utils)."""

from __future__ import annotations

import subprocess
from collections import Counter
from dataclasses import dataclass
from itertools import product
from pathlib import Path

import pytest

from tests.support.tools import require_tool

DPI = 40  # enough for a 7 mm hole (11 px) and a 9 mm band (14 px); quick to scan


@dataclass
class Image:
    width: int
    height: int
    rgb: bytes
    dpi: int = DPI

    def px(self, mm: float) -> int:
        return round(mm / 25.4 * self.dpi)

    def pixel(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        i = 3 * (self.px(y_mm) * self.width + self.px(x_mm))
        return tuple(self.rgb[i:i + 3])

    def darkness(self, x_mm: float, y_mm: float) -> float:
        """0 (white) to 1 (black) at a point given in mm from the page's top-left corner."""
        return 1 - sum(self.pixel(x_mm, y_mm)) / 765


def parse_ppm(data: bytes, dpi: int) -> tuple[Image, bytes]:
    """One binary PPM (P6) image from the front of `data`, and what follows it."""
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6" and fields[3] == b"255"
    w, h = int(fields[1]), int(fields[2])
    start = pos + 1
    return Image(w, h, data[start:start + 3 * w * h], dpi), data[start + 3 * w * h:]


@pytest.fixture(scope="session")
def render_pages():
    """render_pages(pdf_path, dpi=DPI, page=None, crop=None) -> [Image] for every page (or only
    `page`, 1-based), whole or only the `crop` (x, y, width, height in pixels)."""
    exe = require_tool("pdftoppm", "poppler-utils")

    def render(pdf: Path, dpi: int = DPI, page: int | None = None, crop=None) -> list[Image]:
        only = ["-f", str(page), "-l", str(page)] if page else []
        for flag, value in zip("xyWH", crop or ()):
            only += [f"-{flag}", str(value)]
        out = subprocess.run([exe, "-r", str(dpi), *only, str(pdf)], capture_output=True, check=True,
                             timeout=120).stdout
        pages = []
        while out:
            image, out = parse_ppm(out, dpi)
            pages.append(image)
        return pages
    return render


@pytest.fixture(scope="session")
def pdf_text():
    """pdf_text(pdf_path) -> the text of every page, as pdftotext reads it."""
    exe = require_tool("pdftotext", "poppler-utils")

    def read(pdf: Path) -> str:
        return subprocess.run([exe, "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True,
                              timeout=60).stdout.decode("utf-8")
    return read


def blobs(image: Image, colours: dict[str, str], min_mm2: float) -> Counter:
    """How many separate patches of each colour ({name: "#rrggbb"}, give or take 2 per
    channel), each at least `min_mm2` square millimetres, the image holds, by name."""
    near = {}
    for name, colour in colours.items():
        r, g, b = bytes.fromhex(colour.lstrip("#"))
        for dr, dg, db in product(range(-2, 3), repeat=3):
            near[bytes((min(max(r + dr, 0), 255), min(max(g + dg, 0), 255), min(max(b + db, 0), 255)))] = name
    w, h, rgb = image.width, image.height, image.rgb
    label = [near.get(rgb[i:i + 3]) for i in range(0, 3 * w * h, 3)]
    min_px = min_mm2 * (image.dpi / 25.4) ** 2
    counts: Counter = Counter()
    for start, name in enumerate(label):
        if name is None:
            continue
        label[start], stack, size = None, [start], 0
        while stack:  # flood fill the patch, 4-connected
            n = stack.pop()
            size += 1
            x = n % w
            for m in (n - w, n + w, n - 1 if x else -1, n + 1 if x < w - 1 else -1):
                if 0 <= m < w * h and label[m] == name:
                    label[m] = None
                    stack.append(m)
        if size >= min_px:
            counts[name] += 1
    return counts
