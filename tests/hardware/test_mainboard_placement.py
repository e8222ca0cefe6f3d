"""The circuit board's placement: every courtyard on the board and off the reader corners, no
two overlapping on a face they share, nothing but a key's own LED under a switch."""

import copy

import pytest

from clacks_hw.hardware.data import HardwareError, load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.mainboard.circuit import build_board
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.mainboard.placement import placement_problems
from clacks_hw.hardware.pcb.kicad_lib import LIBRARY

from ..support.tools import unavailable

HW = load_hardware()
LAY = layout(HW)
READERS = [(r.board.x0, r.board.y0, r.board.x1, r.board.y1) for r in layout(HW, reader_seats=["S", "W", "N", "E"]).readers]


@pytest.fixture(autouse=True)
def footprints():
    if not LIBRARY.is_dir():
        unavailable(f"KiCad's footprint library is not at {LIBRARY}", "install Debian's kicad-footprints package")


def problems(**place):
    data = copy.deepcopy(load_mainboard())
    data["place"].update(place)
    return placement_problems(build_board(data, LAY), READERS)


def test_the_shipped_placement_is_clean():
    assert problems() == []


def test_a_part_under_a_switch_is_named():
    assert problems(U3=[150.0, 125.0, 0]) == ["U3 (reader 0's MISO buffer) is under R2's switch, where only its own LED may be"]


def test_overlapping_parts_past_the_edge_and_a_covered_reader_are_named():
    assert problems(C44=[60.0, 117.0, 0]) == ["U3 (reader 0's MISO buffer) and C44 (U3 decoupling) overlap"]
    assert any(m.startswith("J7 (reader 2 (N seat's corner)) reaches past the board's edge")
               for m in problems(J7=[40.0, 44.0, 90]))
    data = copy.deepcopy(load_mainboard())
    data["board"]["outline"] = [40.0, 40.0, 253.0, 288.0]
    assert any("covers a reader board" in m for m in placement_problems(build_board(data, LAY), READERS))


def test_the_pico_sockets_and_a_lamp_led_share_no_room():
    # Through-hole pins take room on both faces: the Pico's sockets under the board meet a lamp above it.
    assert any("J3 (Pico pins 1-20)" in m and "overlap" in m for m in problems(J3=[75.0, 63.0, 0]))


def test_a_part_with_no_place_is_named():
    data = copy.deepcopy(load_mainboard())
    del data["place"]["J2"]
    with pytest.raises(HardwareError, match=r"\[place\] has no J2 \(the Pi's 40-pin header"):
        build_board(data, LAY)
