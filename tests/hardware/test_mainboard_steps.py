"""The circuit board's build steps (steps.toml): every part fitted once on each path, each
step's check a real one, and the pictures drawn from the footprints where the board puts them."""

import re
import tempfile

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.pcb.kicad_lib import footprint
from clacks_hw.hardware.mainboard.outputs import board_for
from clacks_hw.hardware.mainboard.steps import PATHS, by_hand, load_steps, step_problems, steps
from clacks_hw.hardware.mainboard.steps_svg import step_svg
from clacks_hw.selftest.run import PARTS

from .conftest import make_context


@pytest.fixture(scope="module")
def board():
    return board_for(make_context(tempfile.mkdtemp()))


def test_the_shipped_steps_have_no_problem(board):
    assert step_problems(board, load_steps(), PARTS) == []


@pytest.mark.parametrize("path", PATHS)
def test_every_part_the_maker_solders_is_in_exactly_one_step(board, path):
    fitted = [p.ref for s in steps(board, load_steps(), path) for p in s.parts]
    assert sorted(fitted) == sorted(p.ref for p in by_hand(board, path)) and len(fitted) == len(set(fitted))


def test_the_assembled_path_leaves_the_placed_parts_to_the_board_house(board):
    assembled = {p.ref for s in steps(board, load_steps(), "assembled") for p in s.parts}
    hand = {p.ref for s in steps(board, load_steps(), "hand") for p in s.parts}
    assert "D1" in hand and "D1" not in assembled and "SW1" in assembled and "J2" in assembled


def test_a_kind_left_out_is_named(board):
    data = load_steps()
    data["step"] = [dict(s, kinds=[k for k in s["kinds"] if k != "ptc"]) for s in data["step"]]
    found = step_problems(board, data, PARTS)
    assert any("F1" in f and "ptc" in f and "no step" in f for f in found)


def test_a_check_naming_no_selftest_part_is_named(board):
    data = load_steps()
    data["step"][-1] = dict(data["step"][-1], check="clacks-hw selftest --part lamps")
    assert any("lamps" in f for f in step_problems(board, data, PARTS))


def test_a_step_without_its_check_is_refused(tmp_path):
    p = tmp_path / "steps.toml"
    p.write_text('[tools]\nboth = []\nhand = []\n[[step]]\nid = "x"\npaths = ["hand"]\nside = "top"\ntitle = "t"\n'
                 'kinds = []\nhow = "h"\n')
    with pytest.raises(HardwareError, match="no check"):
        load_steps(p)


def test_every_step_ends_with_a_check_and_the_board_ends_with_every_selftest_part(board):
    ended = {s.selftest for p in PATHS for s in steps(board, load_steps(), p)}
    assert {"leds", "buttons", "readers"} <= ended


def test_the_picture_rings_pad_1_where_the_footprint_puts_it(board):
    step = next(s for s in steps(board, load_steps(), "hand") if s.id == "reflow")
    svg = step_svg(board, step, set())
    with_pad_1 = [p for p in step.parts if footprint(board.data["kind"][p.kind]["footprint"]).pads_named("1")]
    assert len(with_pad_1) > 80
    assert svg.count('stroke="#c62828" stroke-width="1.5"') == len(with_pad_1)  # one ring per part
    moved = board.part("D1")
    before = svg
    moved.at = (moved.at[0] + 10.0, moved.at[1])
    try:
        assert step_svg(board, step, set()) != before  # drawn from the board's places, not fixed shapes
    finally:
        moved.at = (moved.at[0] - 10.0, moved.at[1])


def test_a_bottom_step_is_seen_from_below_mirrored(board):
    step = next(s for s in steps(board, load_steps(), "assembled") if s.side == "bottom")
    svg = step_svg(board, step, set())
    assert "seen from below" in svg
    # SW1 (tower R1, west of the board's middle) is drawn east of the middle when seen from below
    x0, _, x1, _ = board.data["board"]["outline"]
    sw1 = board.part("SW1")
    assert sw1.at[0] < (x0 + x1) / 2
    xs = [float(m) for m in re.findall(r'<circle cx="([0-9.]+)" cy="[0-9.]+" r="7" fill="#e65100"/>', svg)]
    assert xs and max(xs) > 24 + (x1 - x0) / 2 * 3.0
