"""The top panel for a laser (a DXF in millimetres, each cut one closed outline) and the
printed alternative (four quarters that fit the bed, keyed together, adding up to the panel)."""

import json
import math
import re
import subprocess
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError, load_hardware
from clacks_hw.hardware.dxf import join, joined, polylines, read_lines
from clacks_hw.hardware.joints import panel_keys
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.mesh import read_stl
from clacks_hw.hardware.parts_md import fits

from ..support.tools import require_tool

ROOT = Path(__file__).resolve().parents[2]
DXF = (ROOT / "enclosure/top_panel.dxf").read_text()


def _area(loop):
    return abs(sum(loop[i][0] * loop[i - 1][1] - loop[i - 1][0] * loop[i][1] for i in range(len(loop)))) / 2


def test_the_dxf_is_in_millimetres_with_one_closed_polyline_per_cut():
    lines = DXF.splitlines()
    assert lines[lines.index("$INSUNITS") + 2].strip() == "4"  # millimetres
    entities = [lines[k + 1] for k in range(0, len(lines) - 1, 2) if lines[k].strip() == "0"]
    assert "LINE" not in entities
    lay = layout(load_hardware())
    loops = polylines(DXF)
    assert len(loops) == 1 + len(lay.windows) + len(lay.holes)
    assert len(re.findall(r"AcDbPolyline\n 90\n\d+\n 70\n1\n", DXF)) == len(loops)  # every one closed


def test_the_dxf_cuts_are_where_the_layout_puts_them():
    lay = layout(load_hardware())
    loops = sorted(polylines(DXF), key=_area)
    outline = loops[-1]
    r = lay.hw.board["panel"]["corner_radius"]
    assert _area(outline) == pytest.approx(lay.width ** 2 - (4 - math.pi) * r * r, rel=2e-3)
    holes = loops[:len(lay.holes)]
    for h in lay.holes:  # OpenSCAD's frame: y north
        centre = (h.x, lay.width - h.y)
        assert any(math.dist(centre, (sum(x for x, _ in lp) / len(lp), sum(y for _, y in lp) / len(lp))) < 0.01
                   and _area(lp) == pytest.approx(math.pi * h.d ** 2 / 4, rel=0.02) for lp in holes), h.name


def test_loose_segments_are_joined_and_an_open_outline_is_refused():
    square = [((0, 0), (10, 0)), ((10, 10), (0, 10)), ((10, 0), (10, 10)), ((0, 10), (0, 0))]
    (loop,) = join(square)
    assert _area(loop) == 100
    with pytest.raises(HardwareError, match="not closed near"):
        join(square[:3])
    assert read_lines("  0\nLINE\n  8\n0\n 10\n1\n 20\n2\n 11\n3\n 21\n4\n  0\nEOF\n") == [((1, 2), (3, 4))]
    assert polylines(joined("  0\nLINE\n 10\n0\n 20\n0\n 11\n1\n 21\n0\n  0\nLINE\n 10\n1\n 20\n0\n 11\n0\n 21\n1\n"
                            "  0\nLINE\n 10\n0\n 20\n1\n 11\n0\n 21\n0\n  0\nEOF\n")) == [[(0, 0), (1, 0), (0, 1)]]


def test_openscad_reads_the_dxf_back_as_the_panel(tmp_path):
    """A real CAD reader: OpenSCAD imports the DXF; extruded 1 mm it has the panel's area."""
    require_tool("openscad", "openscad")
    (tmp_path / "top_panel.dxf").write_text(DXF)
    (tmp_path / "check.scad").write_text('linear_extrude(height=1) import("top_panel.dxf");\n')
    subprocess.run(["openscad", "-o", str(tmp_path / "check.stl"), str(tmp_path / "check.scad")],
                   check=True, capture_output=True, timeout=300)
    volume = read_stl((tmp_path / "check.stl").read_bytes()).volume()
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    panel_area = manifest["top_panel"]["volume_cm3"] * 1000 / load_hardware().board["panel"]["thickness"]
    assert volume == pytest.approx(panel_area, rel=2e-3)


def test_the_printed_panel_quarters_fit_the_bed_and_add_up_to_the_panel():
    hw = load_hardware()
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    quarters = [f"panel_{c}" for c in ("nw", "ne", "sw", "se")]
    assert all(fits(manifest[q]["size_mm"], hw.board["print"]["bed"]) for q in quarters)
    whole = manifest["top_panel"]["volume_cm3"]
    # the keys' sockets are a fit wider than the keys, and the reader outline is engraved
    assert sum(manifest[q]["volume_cm3"] for q in quarters) == pytest.approx(whole, abs=1.5)


def test_each_key_stands_out_of_one_quarter_into_the_socket_of_the_next():
    lay = layout(load_hardware())
    meshes = {c: read_stl((ROOT / f"enclosure/stl/panel_{c.lower()}.stl").read_bytes()) for c in ("NW", "NE", "SW", "SE")}
    from clacks_hw.hardware.mesh import contains
    t = lay.hw.board["panel"]["thickness"]
    keys = panel_keys(lay)
    assert len(keys) == 8
    for k in keys:
        (_, root_a, head_a, head_b, root_b, _) = k.outline  # a dovetail: root on the seam, head out
        tip = ((head_a[0] + head_b[0]) / 2, (head_a[1] + head_b[1]) / 2)
        root = ((root_a[0] + root_b[0]) / 2, (root_a[1] + root_b[1]) / 2)
        inside = (tip[0] + (root[0] - tip[0]) * 0.1, tip[1] + (root[1] - tip[1]) * 0.1)
        point = (inside[0], lay.width - inside[1], t / 2)
        assert contains(meshes[k.owner], point) and not contains(meshes[k.other], point), k
