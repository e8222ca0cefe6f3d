"""Frame: the 32 logical pixels, validated and immutable, with named accessors."""

import pytest

from clacks_hw.drivers.frame import PIXELS, Frame, pixel_name, seat_index, tower_index

RED, GREEN = (255, 0, 0), (0, 255, 0)


def test_logical_layout_is_lamps_then_towers_then_seats():
    assert PIXELS == 32
    assert tower_index("R1") == 16 and tower_index("G6") == 27
    assert seat_index("S") == 28 and seat_index("E") == 31
    assert [pixel_name(i) for i in (5, 17, 29)] == ["lamp 5", "button R2", "seat W"]


def test_build_and_read_back_by_name():
    f = Frame.build(lamps={5: RED}, towers={"G3": GREEN}, seats={"N": RED})
    assert f.lamp(5) == RED and f.lamp(4) == (0, 0, 0)
    assert f.tower("G3") == GREEN and f.tower("R1") == (0, 0, 0)
    assert f.seat("N") == RED
    assert f.pixels[tower_index("G3")] == GREEN


def test_build_from_a_list_of_16_lamps():
    f = Frame.build(lamps=[RED] * 16)
    assert all(f.lamp(i) == RED for i in range(16))
    with pytest.raises(ValueError, match="16"):
        Frame.build(lamps=[RED] * 15)


def test_equal_frames_are_equal_and_hash_alike():
    a = Frame.build(lamps={1: RED})
    b = Frame.blank().with_pixels({1: RED})
    assert a == b and hash(a) == hash(b)
    assert a != Frame.blank()


def test_frames_are_immutable():
    f = Frame.blank()
    with pytest.raises(AttributeError):
        f.pixels = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [(256, 0, 0), (-1, 0, 0), (0, 0), (1.0, 0, 0), [0, 0, 0], (True, 0, 0)],
)
def test_bad_colours_are_refused_naming_the_pixel(bad):
    with pytest.raises(ValueError, match="lamp 3"):
        Frame.blank().with_pixels({3: bad})


def test_wrong_pixel_count_and_unknown_names_are_refused():
    with pytest.raises(ValueError, match="32"):
        Frame(((0, 0, 0),) * 31)
    with pytest.raises(ValueError, match="tower"):
        Frame.blank().tower("R7")
    with pytest.raises(ValueError, match="seat"):
        Frame.blank().seat("X")
    with pytest.raises(ValueError, match="lamp"):
        Frame.blank().lamp(16)
