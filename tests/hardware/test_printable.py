"""Every printed part prints as stored, without supports, as one watertight body: each STL is
read back and its triangles checked (mesh.py) against board.toml's print rules (no overhang
steeper than 45 degrees from vertical; flat ceilings only as bridges of at most 10 mm).
"""

import json
from pathlib import Path

import pytest

from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.mesh import Mesh, overhangs, print_problems, read_stl, shells, watertight_problems

from .solids import box, merged, prism

ROOT = Path(__file__).resolve().parents[2]
RULES = load_hardware().board["print"]
PRINTED = sorted(name for name, e in json.loads((ROOT / "enclosure/stl/manifest.json").read_text()).items()
                 if e.get("printed"))


def _arch(span, depth=5.0):
    """Two legs and a beam over them: the beam's underside bridges `span` mm."""
    return prism([(0, 0), (3, 0), (3, 5), (3 + span, 5), (3 + span, 0), (6 + span, 0), (6 + span, 8), (0, 8)], depth)


@pytest.mark.parametrize("name", PRINTED)
def test_each_committed_printed_part_prints_as_stored_without_supports_as_one_body(name):
    mesh = read_stl((ROOT / f"enclosure/stl/{name}.stl").read_bytes())
    assert mesh.bounds[0][2] == 0, f"{name} does not lie on the bed (z = 0)"
    assert print_problems(mesh, RULES["overhang"], RULES["bridge"]) == []


def test_the_printed_parts_include_every_piece_a_maker_prints():
    assert {"baffle_grid", "baffle_tray", "diffuser", "base_nw", "base_ne", "base_sw", "base_se",
            "panel_nw", "panel_ne", "panel_sw", "panel_se"} == set(PRINTED)


def test_a_short_bridge_prints_and_a_long_one_does_not():
    assert overhangs(_arch(8.0), 45, 10) == []
    long = overhangs(_arch(12.0), 45, 10)
    assert [o.kind for o in long] == ["bridge"] and long[0].span == pytest.approx(12.0, rel=0.01)


def test_a_ledge_held_at_one_end_is_no_bridge_however_short():
    ledge = prism([(0, 0), (3, 0), (3, 5), (5, 5), (5, 8), (0, 8)], 5)
    (problem,) = overhangs(ledge, 45, 10)
    assert problem.kind == "bridge" and "held at one end only" in str(problem)


def test_the_old_lap_joint_upper_layer_needs_support():
    # the base quarters and the north-east wall used to be two 2 mm layers, the upper one
    # reaching 20 mm past the lower one
    lap = prism([(0, 0), (140, 0), (140, 2), (160, 2), (160, 4), (0, 4)], 60)
    (problem,) = overhangs(lap, 45, 10)
    assert problem.z == 2 and problem.area == pytest.approx(20 * 60)


@pytest.mark.parametrize("run, steep", [(5.0, False), (6.0, True)])
def test_a_slope_passes_at_45_degrees_and_fails_steeper(run, steep):
    wedge = prism([(0, 0), (3, 0), (3 + run, 5), (3 + run, 8), (0, 8)], 5)
    assert bool(overhangs(wedge, 45, 10)) == steep


def test_two_bodies_and_an_open_surface_are_caught():
    assert shells(merged(box(0, 0, 0, 5, 5, 5), box(10, 0, 0, 15, 5, 5))) == 2
    cube = box(0, 0, 0, 5, 5, 5)
    holed = Mesh(cube.vertices, cube.faces[:-1])
    assert any("one triangle only" in p for p in watertight_problems(holed))
    flipped = Mesh(cube.vertices, [(a, c, b) for a, b, c in cube.faces])
    assert any("inside out" in p for p in watertight_problems(flipped))
    touching = merged(box(0, 0, 0, 5, 5, 5), box(5, 5, 0, 10, 10, 5))  # along one edge
    assert watertight_problems(read_stl(_ascii(touching))) != []


def _ascii(mesh):
    out = ["solid t"]
    for f in mesh.faces:
        out += ["facet normal 0 0 0", "outer loop", *[f"vertex {x} {y} {z}" for x, y, z in (mesh.vertices[i] for i in f)],
                "endloop", "endfacet"]
    return ("\n".join(out + ["endsolid t"]) + "\n").encode()


def test_binary_and_ascii_stl_read_the_same():
    import struct
    cube = box(0, 0, 0, 5, 5, 5)
    binary = b"\0" * 80 + struct.pack("<I", len(cube.faces)) + b"".join(
        struct.pack("<12fH", 0, 0, 0, *[c for i in f for c in cube.vertices[i]], 0) for f in cube.faces)
    a, b = read_stl(_ascii(cube)), read_stl(binary)
    assert len(a.faces) == len(b.faces) == 12 and a.volume() == pytest.approx(b.volume()) == pytest.approx(125)
