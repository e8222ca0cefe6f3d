"""A board's own standoffs are its mounting, not a clearance violation; the clearance rule still
catches everything else, a standoff under a component, and a standoff the board does not sit on."""

import dataclasses

import pytest

from clacks_hw.hardware.assembly_check import check
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.mating import Placement

from ..support.tools import require_module, require_tool
from .conftest import rendered_context


def _problems(report, *words):
    return [p for p in report.problems if all(w in p for w in words)]


@pytest.fixture(scope="module")
def shipped_report(shipped_board):
    require_module("manifold3d")
    return check(shipped_board.out, shipped_board.lay, shipped_board.parts)


def test_the_shipped_board_passes_the_whole_assembly_check(shipped_report):
    # the reader hub's solder joints stand 0.85 mm from its own standoffs: its mounting, not a fault
    assert shipped_report.problems == []
    assert ("bought/hub", 1.0) in shipped_report.clearances


def test_a_wall_too_close_is_still_caught_beside_a_boards_own_standoffs(shipped_board):
    require_module("manifold3d")
    shipped_board.hw.parts["pi"]["clearance"] = 1.5  # its microSD end stands 1 mm from the west wall
    try:
        report = check(shipped_board.out, shipped_board.lay, shipped_board.parts)
    finally:
        shipped_board.hw.parts["pi"]["clearance"] = 1.0
    found = _problems(report, "bought/pi is closer than its 1.5 mm clearance to base_")
    assert found and all("around (4," in p or "around (3," in p for p in found), found  # at the wall, not a standoff


def _raised(parts, name, dz):
    out = []
    for p in parts:
        if p.name == name:
            p = dataclasses.replace(p, placements=tuple(
                Placement((t.translate[0], t.translate[1], t.translate[2] + dz), t.rotate, t.label) for t in p.placements))
        out.append(p)
    return out


def test_a_board_that_does_not_sit_on_its_standoffs_is_caught(shipped_board):
    require_module("manifold3d")
    report = check(shipped_board.out, shipped_board.lay, _raised(shipped_board.parts, "bought/hub", 0.5))
    for hole in range(1, 5):
        assert _problems(report, f"bought/hub does not sit on its standoff under hole {hole} (in base_ne): 0.50 mm"), \
            report.problems


def test_a_standoff_under_a_component_is_caught(tmp_path):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    hw = load_hardware()
    # a part under the hub's PCB 0.2 mm beside the standoff of its hole 1 (at 2, 4.8; 4.4 mm across)
    hw.parts["hub"]["model"].append({"box": [4.4, 3.8, -2.0, 2.0, 2.0, 2.0]})
    ctx = rendered_context(tmp_path, hw)
    report = check(ctx.out, ctx.lay, ctx.parts)
    assert _problems(report, "the standoff under bought/hub's hole 1 (in base_ne) comes closer than 0.5 mm "
                             "to what stands under the board")
    assert not _problems(report, "intersect")  # it only comes close: the collision test alone would pass it
