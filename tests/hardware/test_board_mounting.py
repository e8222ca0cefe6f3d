"""A board's own standoffs are its mounting, not a clearance violation; the clearance rule still
catches everything else (what hangs under a board included), a standoff under a component, and a
standoff the board does not sit on."""

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
    assert shipped_report.problems == []
    held = {(board, hole) for board, hole, _ in shipped_report.seats}
    assert {(b, f"hole {k}") for b in ("bought/pi", "bought/power_board") for k in range(1, 5)} <= held


def test_what_hangs_under_a_board_keeps_its_clearance_from_all_but_its_own_standoffs(tmp_path):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    hw = load_hardware()
    # two parts under the Pi's PCB, each 0.8 mm from something where it needs 1 mm: one standing past
    # its west edge, by the wall (clear of the microSD slot); one beside the standoff of its hole 1
    # (at 3.5, 3.5; 5.9 mm across): that standoff is its mounting, and 0.8 mm is more than the
    # enclosure's 0.5 mm a standoff keeps from what hangs under a board
    hw.parts["pi"]["model"] += [{"box": [-0.2, 40.0, -1.5, 3.0, 5.0, 1.5]}, {"box": [7.25, 2.5, -1.5, 2.0, 2.0, 1.5]}]
    ctx = rendered_context(tmp_path, hw)
    report = check(ctx.out, ctx.lay, ctx.parts)
    found = _problems(report, "bought/pi")
    assert found and all(p.startswith("bought/pi is closer than its 1 mm clearance to base_nw around (3,")
                         for p in found), report.problems


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
    report = check(shipped_board.out, shipped_board.lay, _raised(shipped_board.parts, "bought/pi", 0.5))
    for hole in range(1, 5):
        assert _problems(report, f"bought/pi does not sit on its standoff under hole {hole} (in base_nw): 0.50 mm"), \
            report.problems


def test_a_standoff_under_a_component_is_caught(tmp_path):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    hw = load_hardware()
    # a part under the carrier 0.2 mm beside the standoff of its hole 1 (at 4, 4; 6 mm across)
    hw.parts["power_board"]["model"].append({"box": [7.2, 3.0, -2.0, 1.8, 2.0, 2.0]})
    ctx = rendered_context(tmp_path, hw)
    report = check(ctx.out, ctx.lay, ctx.parts)
    assert _problems(report, "the standoff under bought/power_board's hole 1 (in base_sw) comes closer than 0.5 mm "
                             "to what stands under the board"), report.problems
    assert not _problems(report, "intersect")  # it only comes close: the collision test alone would pass it
