"""The pictures in the docs are drawn by OpenSCAD from the assembly, kept fresh, and not blank."""

import json
import os
import re
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.manifest import sha256
from clacks_hw.hardware.pictures import SIZE, render_views, views
from clacks_hw.hardware.render import cached_openscad

from ..support.tools import require_module, require_tool
from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]
RENDERS = ROOT / "enclosure/renders"


def _drawn(path):
    """The picture's size and the share of its pixels that are not background (its corner's colour)."""
    require_module("PIL", "pillow")
    from PIL import Image
    with Image.open(path) as im:
        rgb = im.convert("RGB")
        back = rgb.getpixel((0, 0))
        counts = rgb.getcolors(maxcolors=1 << 24)
        return im.size, 1 - dict((c, n) for n, c in counts)[back] / (im.size[0] * im.size[1])


def test_every_committed_picture_comes_from_todays_assembly():
    ctx = make_context(ROOT)
    manifest = json.loads((RENDERS / "manifest.json").read_text())
    mine = {f"{v.name}.png": v for v in views(ctx.lay, ctx.cfg, ctx.parts, ROOT)}
    assert set(manifest) == set(mine)
    for name, v in mine.items():
        assert manifest[name]["view_sha256"] == sha256(v.scad), f"enclosure/renders/{name} is stale; run: make build-files"
    steps = len(ctx.hw.board["assembly"]["step"])
    assert {f"step-{k}.png" for k in range(1, steps + 1)} | {"exploded.png", "assembled.png", "first-light.png"} <= set(mine)
    assert {f"part-{p.name}.png" for p in ctx.parts if not p.bought} <= set(mine)


def test_no_committed_picture_is_empty_or_blank():
    for png in sorted(RENDERS.glob("*.png")):
        size, drawn = _drawn(png)
        kind = "part" if png.name.startswith("part-") else "board"
        assert size == SIZE[kind] and drawn > 0.03, (png.name, size, drawn)  # a blank one has 0


def test_the_docs_show_every_part_step_the_exploded_board_the_harness_and_the_carrier():
    doc = (ROOT / "docs/hardware.md").read_text()
    shown = set(re.findall(r"!\[[^\]]*\]\(([^)]+)\)", doc))
    ctx = make_context(ROOT)
    steps = len(ctx.hw.board["assembly"]["step"])
    wanted = {f"../enclosure/renders/step-{k}.png" for k in range(1, steps + 1)}
    wanted |= {f"../enclosure/renders/{n}.png" for n in ("exploded", "first-light", "prepare-inserts")} | {"../wiring/harness.png"}
    wanted |= {f"../enclosure/renders/part-{p.name}.png" for p in ctx.parts if not p.bought}  # every printed or cut part
    wanted |= {"../pcb/carrier.png"}
    assert wanted <= shown, sorted(wanted - shown)
    assert all((ROOT / "docs" / s).exists() for s in shown), [s for s in shown if not (ROOT / "docs" / s).exists()]


def test_openscad_draws_a_part_headless(tmp_path, monkeypatch):
    require_tool("openscad", "openscad")
    require_tool("xvfb-run", "xvfb")
    monkeypatch.setenv("CLACKS_HW_CACHE", "off")
    ctx = make_context(ROOT)
    ctx.out = tmp_path
    (tmp_path / "enclosure").mkdir()
    os.symlink(ROOT / "enclosure/stl", tmp_path / "enclosure/stl")
    png, = render_views(ctx, ctx.parts, names={"part-diffuser"})
    size, drawn = _drawn(png)
    assert size == SIZE["part"] and drawn > 0.03


def test_an_empty_png_from_openscad_without_a_display_is_an_error(tmp_path, monkeypatch):
    require_tool("openscad", "openscad")
    monkeypatch.setenv("CLACKS_HW_CACHE", "off")
    monkeypatch.delenv("DISPLAY", raising=False)
    (tmp_path / "v.scad").write_text("cube(1);")
    with pytest.raises(HardwareError, match="empty v.png|OpenSCAD failed"):
        cached_openscad("png", tmp_path / "v.scad", tmp_path / "v.png", ("--imgsize=64,64",))
