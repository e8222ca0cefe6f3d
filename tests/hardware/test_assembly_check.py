"""The assembly check works on the real meshes: touching is fine, overlapping is not (even where
bounding boxes would say otherwise), screws must find and engage their holes, boards keep
their clearance."""

import copy

import pytest

from clacks_hw.hardware.assembly_check import Report, check, fastening_problems
from clacks_hw.hardware.build import build
from clacks_hw.hardware.data import HardwareError, load_hardware
from clacks_hw.hardware.mating import DOWN, Insert, Placement, Screw
from clacks_hw.hardware.pieces import Piece

from ..support.tools import require_module, require_tool
from .conftest import rendered_context


def _problems(report, *words):
    return [p for p in report.problems if all(w in p for w in words)]


@pytest.fixture(scope="module")
def shipped_report(shipped_board):
    require_module("manifold3d")
    return check(shipped_board.out, shipped_board.lay, shipped_board.parts)


def test_the_shipped_board_passes_the_assembly_check(shipped_report):
    assert shipped_report.problems == []
    assert shipped_report.tested and shipped_report.fastenings and shipped_report.clearances


def test_a_reader_at_every_seat_passes_too(tmp_path):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    ctx = rendered_context(tmp_path, seats=("S", "W", "N", "E"))
    report = check(ctx.out, ctx.lay, ctx.parts)
    assert report.problems == [] and sum(c[0].startswith("bought/reader") for c in report.clearances) == 4


def test_the_build_stops_on_a_problem_only_the_meshes_show(tmp_path):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    hw = load_hardware()
    hw.parts["reader"]["clearance"] = 6.0  # the layout checks cannot see it; the meshes can
    ctx = rendered_context(tmp_path, hw)
    ctx.render = True
    with pytest.raises(HardwareError, match="the assembly check failed:\n  bought/reader shared is closer than"):
        build(ctx, only={"assembly check (meshes)"}, echo=lambda line: None)
    assert not (tmp_path / "enclosure/assembly_check.md").exists()


def test_parts_that_only_touch_do_not_collide(shipped_report):
    # the panel rests on the walls, the grid stands on the tray, the quarters meet in their joints
    for a, b in [("top_panel", "base_"), ("baffle_grid", "baffle_tray"), ("base_nw", "base_ne"), ("base_sw", "base_se"),
                 ("base_nw", "base_sw"), ("bought/reader", "base_se")]:
        assert not _problems(shipped_report, a, b, "intersect"), (a, b)


def test_meshes_not_boxes_decide(shipped_report):
    # every corner screw's box lies inside the panel's box, yet it passes through the hole
    assert shipped_report.tested < shipped_report.pairs
    assert not _problems(shipped_report, "top_panel and bought/screw_m3x30")
    assert not _problems(shipped_report, "baffle_grid and bought/screw_m3x30")


def _render(tmp_path, edit):
    require_module("manifold3d")
    require_tool("openscad", "openscad")
    hw = load_hardware()
    edit(hw)
    ctx = rendered_context(tmp_path, hw)
    return check(ctx.out, ctx.lay, ctx.parts)


def test_two_boards_in_one_place_collide(tmp_path):
    def edit(hw):
        hw.board["layout"]["pi"]["at"] = [150.0, 130.0]  # onto the carrier and the Pico plugged into it
    report = _render(tmp_path, edit)
    assert _problems(report, "bought/hub", "bought/pi", "intersect", "mm3 in common")


def test_a_screw_that_misses_its_hole_is_caught(tmp_path):
    def edit(hw):  # the Pi's last hole 2.5 mm off: the standoff (from the layout) and the screw part ways
        hw.parts["pi"]["holes"][3] = [61.5, 50.0]
    report = _render(tmp_path, edit)
    assert _problems(report, "bought/screw_m2_5x8 bought/pi: hole 4", "no M2.5 insert or pilot hole on its axis")
    assert _problems(report, "pi standoff", "takes 0 screws")


def test_a_board_closer_than_its_clearance_is_caught(tmp_path):
    def edit(hw):
        hw.parts["reader"]["clearance"] = 6.0  # the shared reader sits 0.3 mm from its cradle's fences
    report = _render(tmp_path, edit)
    assert _problems(report, "bought/reader shared is closer than its 6 mm clearance to base_se")


def test_a_tower_button_s_nut_that_meets_the_baffle_is_caught(tmp_path):
    def edit(hw):  # a nut wider than the button's body and deeper than the baffle's nut zone
        hw.parts["tower_button"].update(nut=21.0, nut_height=6.0)
    report = _render(tmp_path, edit)
    assert _problems(report, "baffle_grid", "bought/tower_button", "intersect")


def _fastening(screw_len, hole_depth, offset=0.0, insert=""):
    hw = copy.deepcopy(load_hardware())
    hw.parts["screw_m3x8"]["length"] = screw_len
    plate = Piece("plate", "plate", True, (10, 10, 2), "", (Placement((0, 0, 10)),),
                  screws=(Screw("s", (offset, 0, 2), DOWN, "screw_m3x8"),))
    post = Piece("post", "post", True, (10, 10, 10), "", (Placement(),),
                 inserts=(Insert("hole", (0, 0, 10), DOWN, "M3", hole_depth, insert),))
    report = Report()
    exempt = fastening_problems([plate, post], hw, report)
    return report, exempt


def test_a_screw_engages_a_pilot_two_diameters():
    report, exempt = _fastening(8.0, 8.0)  # 2 mm through the plate, 6 mm into the post: exactly 2 x 3 mm
    assert report.problems == [] and report.fastenings[0][2:] == (6.0, 6.0)
    assert frozenset(("bought/screw_m3x8 plate: s", "post")) in exempt
    report, _ = _fastening(7.0, 8.0)
    assert _problems(report, "engages post: hole by 5.0 mm; it needs 6 mm")


def test_a_screw_longer_than_its_hole_bottoms_out():
    report, _ = _fastening(8.0, 5.0)
    assert _problems(report, "bottoms out in post: hole", "1.0 mm past the 5 mm hole")


def test_a_screw_off_its_holes_axis_finds_none():
    report, _ = _fastening(8.0, 8.0, offset=0.3)
    assert _problems(report, "no M3 insert or pilot hole on its axis", "0.30 mm off its axis")
    assert _problems(report, "post: hole takes 0 screws")


def test_a_heat_set_insert_needs_its_own_engagement():
    report, exempt = _fastening(8.0, 6.7, insert="insert_m3")
    assert report.problems == [] and report.fastenings[0][2:] == (5.7, 5.0)
    assert frozenset(("bought/insert_m3 post: hole", "post")) in exempt  # the insert is melted into it
    report, _ = _fastening(6.0, 6.7, insert="insert_m3")
    assert _problems(report, "engages post: hole by 4.0 mm; it needs 5 mm")
