"""The printed top-panel quarters carry every label the laser panel engraves, engraved into their
tops where the laser engraves it: in the font board.toml names (one OpenSCAD has), a whole number
of layers deep, with strokes no printed line closes up, clear of every hole, window and edge."""

import subprocess

import pytest

from clacks_hw.hardware.checks_fit import printability_problems
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.pieces import pieces
from clacks_hw.hardware.render import openscad_exe
from clacks_hw.hardware.scad import plan
from clacks_hw.hardware.scad_panel import engraved_labels, label_text
from clacks_hw.hardware.slicing import BASE, _ini

from ..support.tools import require_module, require_tool

QUARTERS = ("nw", "ne", "sw", "se")


def _solid(tmp_path, name, scad):
    from clacks_hw.hardware.meshes import stl_manifold
    src, stl = tmp_path / f"{name}.scad", tmp_path / f"{name}.stl"
    src.write_text(scad)
    subprocess.run([openscad_exe(), "-o", str(stl), str(src)], check=True, capture_output=True, timeout=120)
    return stl_manifold(stl.read_bytes(), str(stl))


@pytest.fixture(scope="module")
def engraving(shipped_board):
    """What the four rendered quarters have cut out of their tops, at mid depth (assembly frame)."""
    require_module("manifold3d")
    from clacks_hw.hardware.meshes import stl_manifold
    lay = shipped_board.lay
    t, e = lay.hw.board["panel"]["thickness"], lay.hw.board["panel_print"]["engrave"]
    cut = []
    for q in QUARTERS:
        path = shipped_board.out / f"enclosure/stl/panel_{q}.stl"
        solid = stl_manifold(path.read_bytes(), str(path))
        cut.append(solid.slice(e / 2) - solid.slice(t - e / 2))
    m3d = __import__("manifold3d")
    return m3d.CrossSection.batch_boolean(cut, m3d.OpType.Add)


@pytest.fixture(scope="module")
def label_shapes(shipped_board, tmp_path_factory):
    """Each label as OpenSCAD draws it in board.toml's font, where the laser engraves it."""
    require_tool("openscad", "openscad")
    lay, tmp = shipped_board.lay, tmp_path_factory.mktemp("labels")
    return {name: _solid(tmp, f"label{k}", plan(lay.width, f"linear_extrude(1) {shape}")).slice(0.5)
            for k, (name, _, _, shape) in enumerate(engraved_labels(lay))}


def test_every_label_of_the_laser_panel_is_engraved_into_a_printed_quarter(shipped_board, engraving, label_shapes):
    names = set(label_shapes)
    assert {"PREV", "NEXT", "TURN", "PLAY", "BACK", "R1", "G6", "seat N", "CARDS"} <= names
    for name, shape in label_shapes.items():
        assert shape.area() > 1.0, name
        assert (shape ^ engraving).area() >= 0.98 * shape.area(), f"{name} is not engraved"


def test_the_labels_print_legibly_at_the_profiles_layer_height_and_line_width(shipped_board, engraving, label_shapes):
    import manifold3d as m3d
    hw = shipped_board.hw
    e, layer = hw.board["panel_print"]["engrave"], hw.board["print"]["layer"]
    assert e >= 2 * layer and abs(e / layer - round(e / layer)) < 1e-9  # whole layers, at least two
    line = float(_ini(BASE.read_text())["perimeter_extrusion_width"])
    drawn = m3d.CrossSection.batch_boolean(list(label_shapes.values()), m3d.OpType.Add)
    text = drawn ^ engraving
    assert text.area() >= 0.98 * drawn.area()
    # an engraved stroke narrower than one printed line closes up: open the engraving by a line
    opened = text.offset(-line / 2, m3d.JoinType.Round).offset(line / 2, m3d.JoinType.Round)
    assert opened.area() >= 0.95 * text.area()


def test_the_labels_stay_a_millimetre_clear_of_every_cut_out_and_the_edge(shipped_board, label_shapes):
    import manifold3d as m3d
    lay = shipped_board.lay
    w = lay.width
    cut_outs = [m3d.CrossSection.circle(h.d / 2, 48).translate([h.x, w - h.y]) for h in lay.holes]
    cut_outs += [m3d.CrossSection.square([r.w, r.h]).translate([r.x0, w - r.y1]) for _, r in lay.windows]
    cut_outs.append(m3d.CrossSection.square([w + 20, w + 20]).translate([-10, -10])
                    - m3d.CrossSection.square([w, w]))
    cut = m3d.CrossSection.batch_boolean(cut_outs, m3d.OpType.Add)
    names = list(label_shapes)
    for name in names:
        near = label_shapes[name].offset(1.0, m3d.JoinType.Round)
        assert (near ^ cut).area() < 1e-6, f"{name} comes within 1 mm of a cut-out or the edge"
        for other in names[names.index(name) + 1:]:
            assert (near ^ label_shapes[other]).area() < 1e-6, f"{name} runs into {other}"


def test_the_labels_font_is_one_openscad_has(shipped_board, tmp_path):
    require_tool("openscad", "openscad")
    require_module("manifold3d")
    lay = shipped_board.lay
    named = _solid(tmp_path, "named", f"linear_extrude(1) {label_text(lay, 'PREV', 0, 0, 'left')}")
    lay.hw.board["panel_print"]["label_font"], font = "No Such Font:style=Bold", lay.hw.board["panel_print"]["label_font"]
    try:  # OpenSCAD falls back to a font of its own, silently, for a font it does not have
        fallback = _solid(tmp_path, "fallback", f"linear_extrude(1) {label_text(lay, 'PREV', 0, 0, 'left')}")
    finally:
        lay.hw.board["panel_print"]["label_font"] = font
    assert abs(named.volume() - fallback.volume()) > 0.01 * named.volume(), \
        f"OpenSCAD does not have {font!r}: install Debian's fonts-dejavu-core (make system-deps)"


def test_an_engraving_of_part_of_a_layer_stops_the_build():
    hw = load_hardware()
    hw.board["panel_print"]["engrave"] = 0.5
    lay = layout(hw)
    assert any("panel_print.engrave is 0.5 mm" in p and "make it 0.4 mm" in p for p in printability_problems(lay, pieces(lay)))
