"""Changing the tile pitch, reader.seats or a pin regenerates a consistent set of files."""

import re

from clacks_hw.hardware.build import build
from clacks_hw.hardware.checks_fit import all_problems
from clacks_hw.hardware.pieces import pieces

from .conftest import make_context


def _build(tmp_path, **kw):
    ctx = make_context(tmp_path, **kw)
    build(ctx, echo=lambda line: None)
    return ctx, lambda rel: (tmp_path / rel).read_text()


def test_four_readers_appear_on_the_panel_and_in_the_base(tmp_path):
    ctx, read = _build(tmp_path, overrides={"reader.seats": ["S", "W", "N", "E"]})
    assert len(re.findall(r'<rect id="reader-[SWNE]"', read("enclosure/top_panel.svg"))) == 4
    pegs = sum(  # each reader's cradle has two pegs through its holes by the antenna
        read(f"enclosure/scad/base_{c}.scad").count("circle(d=2.4)") for c in ("nw", "ne", "sw", "se"))
    assert pegs == 8
    assert all_problems(ctx.lay, pieces(ctx.lay)) == []


def test_a_wider_pitch_moves_windows_buttons_baffle_and_panel_together(tmp_path):
    ctx, read = _build(tmp_path, **{"panel.tile_pitch": 52.0})
    svg = read("enclosure/top_panel.svg")
    assert 'width="308mm"' in svg  # 4 x 52 + 2 x 50
    # R1 sits between the first two columns: margin + pitch
    assert '<circle id="R1" cx="102"' in svg
    assert "translate([101.2, 49.2]) square([1.6, 209.6])" in read("enclosure/scad/baffle_grid.scad")
    assert "translate([102, 128]) circle(d=22.4)" in read("enclosure/scad/baffle_grid.scad")  # R1's ring


def test_a_moved_pin_reaches_the_pin_table(tmp_path):
    _, read = _build(tmp_path, overrides={"buttons.pins.PLAY": 2, "buttons.pins.BACK": 3, "buttons.pins.R1": 4,
                                          "buttons.pins.R2": 17, "buttons.pins.R3": 27, "buttons.pins.R4": 22})
    assert "| PLAY | 2 | 3 |" in read("wiring/pins.md")
