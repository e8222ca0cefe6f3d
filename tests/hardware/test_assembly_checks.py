"""The assembly checks pass on the shipped data and catch each kind of mistake."""

import pytest

from clacks_hw.hardware.checks import baffle_problems, collision_problems, panel_problems, solids
from clacks_hw.hardware.checks_fit import (
    fit_problems,
    hub_problems,
    joint_problems,
    printability_problems,
    reader_problems,
    vent_problems,
)
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.pieces import pieces

ALL_SEATS = ("S", "W", "N", "E")


@pytest.mark.parametrize("seats", [(), ALL_SEATS])
def test_the_shipped_board_assembles(seats):
    lay = layout(load_hardware(), seats)
    assert panel_problems(lay) == []
    assert baffle_problems(lay) == []
    assert collision_problems(lay) == []
    assert fit_problems(lay, pieces(lay)) == []


def test_every_part_under_the_panel_is_in_the_collision_check():
    names = {b.name for b in solids(layout(load_hardware(), ALL_SEATS))}
    assert {"pi", "hub", "power_board", "baffle", "PLAY button", "seat E LED", "power jack (inside)", "panel"} <= names
    assert {f"reader {c}" for c in ("SE", "SW", "NW", "NE")} <= names
    assert {f"reader {c} cradle" for c in ("SE", "SW", "NW", "NE")} <= names
    assert sum(n.startswith("pi standoff") for n in names) == 4


def _problems(check, seats=(), **overrides):
    lay = layout(load_hardware(**overrides), seats)
    return check(lay, pieces(lay)) if check is printability_problems else check(lay)


def _hub_problems(**hub):
    hw = load_hardware()
    hw.parts["hub"].update(hub)
    return hub_problems(layout(hw))


def test_the_hub_fits_its_sockets_and_the_bom_buys_that_hub():
    assert _hub_problems() == []
    # a Pico whose pins stand longer than the carrier's sockets
    assert any("sockets on the carrier stand 8.5 mm but 11 mm hangs" in p for p in _hub_problems(below=11.0))
    assert any("say 'with headers'" in p for p in _hub_problems(example="Raspberry Pi Pico (RP2040), without headers")), \
        "the BOM line and the model must agree"


@pytest.mark.parametrize("check, overrides, expected", [
    (collision_problems, {"layout.pi.at": [150.0, 100.0]}, "pi collides with power_board"),
    (collision_problems, {"layout.power_board.at": [40.0, 40.0]}, "baffle pillar 1 collides with power_board"),
    (collision_problems, {"openings.usb.x": 8.0}, "west wall collides with USB (inside)"),
    (panel_problems, {"panel.tile_window": 30.5}, "nut (19 mm wide) comes within"),
    (panel_problems, {"panel.thickness": 4.0}, "outside the 0.5-3.2 mm the tower button clamps"),
    (panel_problems, {"panel.hole_fit": 0.4}, "outside their +0.2/0 mm tolerance"),
    (panel_problems, {"panel.seat_led_inset": 2.0}, "too close to the panel's edge"),
    (baffle_problems, {"baffle.wire_offset": 5.0}, "wire hole runs under the LED"),
    (baffle_problems, {"enclosure.inside_height": 24.0}, "deeper than the space"),
    (printability_problems, {"baffle.rib": 0.8}, "baffle rib is 0.8 mm"),
    (printability_problems, {"panel.tile_pitch": 54.0}, "does not fit the 220 mm bed"),
    (printability_problems, {"layout.power_board.at": [146.0, 146.0]}, "straddles a seam"),
    (printability_problems, {"joints.dovetail": [7.0, 10.0, 7.0]}, "longer than the 10 mm its roof may bridge"),
    (printability_problems, {"joints.pilaster": [24.0, 5.0]}, "wall beside a groove"),
    (baffle_problems, {"baffle.nut_zone": 6.0}, "light passes over a button's ring"),
    (joint_problems, {"lid.seam_screw": 3.0}, "plastic round it"),
    (reader_problems, {"readers.above": 4.0}, "beyond the 10 mm it reads at"),
    (vent_problems, {"vents.slot": [5.0, 4.0]}, "vent slots in the low row"),
])
def test_each_kind_of_mistake_is_caught(check, overrides, expected):
    problems = _problems(check, **overrides)
    assert any(expected in p for p in problems), problems


def test_a_reader_that_meets_the_controls_is_caught():
    # A narrower margin pulls the south-west reader's antenna onto the PREV button's nut.
    problems = _problems(panel_problems, ALL_SEATS, **{"panel.margin": 30.0})
    assert any(p.startswith("card-reader area SW overlaps") for p in problems), problems


def test_the_tower_button_is_a_real_part_whose_datasheet_the_board_keeps():
    btn = load_hardware().parts["tower_button"]
    assert "Omron A16" in btn["name"] and btn["example"].startswith("Omron A16L-TWM-5D-1")
    assert load_hardware().parts["control_button"]["example"].startswith("Omron A16-TBM-1")
    assert btn["hole"] == 16.0 and btn["panel"] == [0.5, 3.2] and btn["pitch"] == 19.0 and btn["depth"] == 28.5
    hw = load_hardware()
    hw.parts["tower_button"]["pitch"] = 40.0  # neighbouring towers stand 35.4 mm apart
    problems = panel_problems(layout(hw))
    assert any("closer than the buttons' 40 mm pitch" in p for p in problems), problems
    hw = load_hardware()
    hw.parts["control_button"]["pitch"] = 60.0  # the control row's buttons stand 50 mm apart
    problems = panel_problems(layout(hw))
    assert any(p.startswith("PREV and NEXT stand closer than the buttons' 60 mm pitch") for p in problems), problems
