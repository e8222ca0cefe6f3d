"""Pictures of the board's LEDs for the docs, drawn from real frames (daemon/frame_picture.py)
and kept fresh: ``kept_frame`` compares the drawing with the committed docs/img/NAME.svg and
fails when it is stale; ``CLACKS_WRITE_SCREENS=1`` writes them anew (look, then commit)."""

from __future__ import annotations

import os
from pathlib import Path

from clacks_hw.daemon.frame_picture import frame_svg

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
WRITE = os.environ.get("CLACKS_WRITE_SCREENS") == "1"


def kept_frame(frame, name: str, caption: str = "") -> Path:
    svg = frame_svg(frame, caption)
    path = DOCS_IMG / f"{name}.svg"
    if WRITE:
        path.write_text(svg, encoding="utf-8")
        return path
    assert path.exists(), f"{path} is missing: run CLACKS_WRITE_SCREENS=1 pytest on this test"
    assert path.read_text(encoding="utf-8") == svg, (
        f"docs/img/{name}.svg is stale: run CLACKS_WRITE_SCREENS=1 pytest on this test, look at it, commit it")
    return path
