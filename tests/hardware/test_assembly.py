"""enclosure/assembly.json places every part copy, bought parts included, from the same data."""

import json
from collections import Counter
from pathlib import Path

import pytest

from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.hardware.assembly import assembly_json, instances
from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.mating import Placement, along

from ..support.tools import require_tool
from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]


def _committed():
    return json.loads((ROOT / "enclosure/assembly.json").read_text())


def test_every_copy_has_its_stl_in_the_manifest_and_a_placement():
    doc = _committed()
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    assert doc["instances"]
    for row in doc["instances"]:
        assert row["stl"] == f"enclosure/stl/{row['part']}.stl" and (ROOT / row["stl"]).stat().st_size > 200, row
        assert row["part"] in manifest, row["part"]
        assert len(row["matrix"]) == 4 and row["matrix"][3] == [0, 0, 0, 1]
        p = Placement(tuple(row["translate"]), tuple(row["rotate"]))
        assert [list(r) for r in p.matrix()] == row["matrix"], row["name"]
    assert len({r["name"] for r in doc["instances"]}) == len(doc["instances"])


def test_bought_parts_are_placed_as_the_board_counts_them():
    ctx = make_context(ROOT, overrides={"reader.seats": ["S", "W", "N", "E"]})
    count = Counter(i.part.name for i in instances(ctx.lay, ctx.parts))
    assert count["bought/tower_button"] == len(TOWERS) == 12
    assert count["bought/control_button"] == len(ctx.hw.board["panel"]["controls"])
    assert count["bought/lamp_led"] == 16 and count["bought/small_led"] == 4 and count["bought/reader"] == 4
    assert count["bought/pi"] == count["bought/hub"] == count["bought/power_board"] == 1
    assert count["bought/jack"] == count["bought/usb_extension"] == 1
    screws = sum(v for k, v in count.items() if k.startswith("bought/screw_"))
    declared = sum(len(p.screws) * p.qty for p in ctx.parts)
    assert screws == declared >= 4 + 4 + 4  # panel corners, Pi, carrier (the Pico plugs into the carrier)


def test_every_step_has_parts_and_every_part_a_step():
    ctx = make_context(ROOT)
    steps = Counter(i.step for i in instances(ctx.lay, ctx.parts))
    assert sorted(steps) == list(range(1, len(ctx.hw.board["assembly"]["step"]) + 1))
    panel = next(i for i in instances(ctx.lay, ctx.parts) if i.name == "top_panel")
    corner = next(i for i in instances(ctx.lay, ctx.parts) if i.name.startswith("bought/screw_m3x30 top_panel"))
    assert corner.step == panel.step  # a screw comes with the part that declares it


def test_a_part_no_step_names_is_an_error_naming_it():
    ctx = make_context(ROOT)
    ctx.hw.board["assembly"]["step"][-1]["parts"] = ["nothing_*"]
    with pytest.raises(HardwareError, match="no \\[\\[assembly.step\\]\\] names the part 'diffuser'"):
        assembly_json(ctx.lay, ctx.parts)


def test_along_points_a_screw_down_its_axis():
    for axis in [(0, 0, -1), (0, 0, 1), (1, 0, 0), (0, -1, 0), (0.6, 0.0, -0.8)]:
        p = along((5, 6, 7), axis)
        assert p.vector((0, 0, -1)) == pytest.approx(axis, abs=1e-9)
        assert p.point((0, 0, 0)) == (5, 6, 7)


def test_placements_are_openscads_translate_rotate(tmp_path):
    """The same off-centre block placed by OpenSCAD's translate() rotate() and by the matrix
    assembly.json records ends up in the same place."""
    import subprocess

    from clacks_hw.hardware.meshes import stl_points
    exe = require_tool("openscad", "openscad")
    place = Placement((10.0, -20.0, 30.0), (90.0, 30.0, -60.0))
    m = "[" + ",".join("[" + ",".join(repr(v) for v in row) + "]" for row in place.matrix()) + "]"
    block = "translate([1, 2, 3]) cube([4, 5, 6]);"
    boxes = []
    for body in (f"translate([10, -20, 30]) rotate([90, 30, -60]) {block}", f"multmatrix({m}) {block}"):
        (tmp_path / "v.scad").write_text(body)
        subprocess.run([exe, "-o", str(tmp_path / "v.stl"), str(tmp_path / "v.scad")], check=True, capture_output=True)
        pts = stl_points((tmp_path / "v.stl").read_bytes())
        boxes.append([round(f(p[i] for p in pts), 3) for f in (min, max) for i in range(3)])
    assert boxes[0] == boxes[1]
    corner = place.point((1, 2, 3))
    assert any(all(abs(corner[i] - p[i]) < 1e-3 for i in range(3)) for p in pts)
