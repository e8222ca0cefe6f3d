"""PixelMap: logical frame -> chain order, colour order, brightness and gamma."""

import pytest

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.pixel_map import PixelMap, gamma_table, lamp_chain


def ids_frame() -> Frame:
    """Each pixel's red channel is its logical index + 1, so positions can be read back."""
    return Frame(tuple((i + 1, 0, 0) for i in range(32)))


def chain_reds(pm: PixelMap, frame: Frame) -> list[int]:
    data = pm.to_bytes(frame)
    r = pm.colour_order.index("R")
    return [data[i + r] for i in range(0, len(data), 3)]


def test_row_major_chain_is_lamps_then_buttons_then_seats():
    pm = PixelMap(colour_order="RGB")
    assert chain_reds(pm, ids_frame()) == list(range(1, 33))
    assert pm.count == 32


def test_serpentine_reverses_every_other_row():
    assert lamp_chain("serpentine") == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12]
    pm = PixelMap(lamp_order="serpentine", colour_order="RGB")
    assert chain_reds(pm, ids_frame())[:8] == [1, 2, 3, 4, 8, 7, 6, 5]


def test_group_button_and_seat_orders_follow_the_wiring():
    pm = PixelMap(
        chain=("seats", "buttons", "lamps"),
        button_order=("G1", "G2", "G3", "G4", "G5", "G6", "R1", "R2", "R3", "R4", "R5", "R6"),
        seat_order=("N", "E", "S", "W"),
        colour_order="RGB",
    )
    reds = chain_reds(pm, ids_frame())
    assert reds[:4] == [31, 32, 29, 30]  # N, E, S, W (logical 28..31 = S, W, N, E)
    assert reds[4:6] == [23, 24]  # G1 = logical 22
    assert reds[16:] == list(range(1, 17))
    assert pm.logical_at(0) == 30  # N


def test_colour_orders():
    f = Frame.build(lamps={0: (10, 20, 30)})
    assert PixelMap(colour_order="GRB").to_bytes(f)[:3] == bytes([20, 10, 30])
    assert PixelMap(colour_order="RGB").to_bytes(f)[:3] == bytes([10, 20, 30])
    assert PixelMap(colour_order="BGR").to_bytes(f)[:3] == bytes([30, 20, 10])


def test_lead_pixels_are_dark_and_shift_the_board():
    pm = PixelMap(lead_pixels=2, colour_order="RGB")
    data = pm.to_bytes(Frame(((255, 255, 255),) * 32))
    assert pm.count == 34 and len(data) == 34 * 3
    assert data[:6] == bytes(6) and set(data[6:]) == {255}
    assert pm.logical_at(0) is None and pm.logical_at(2) == 0


def test_gamma_and_brightness_share_one_table():
    assert gamma_table(1.0, 1.0) == bytes(range(256))
    t = gamma_table(2.2, 0.5)
    assert t[0] == 0 and t[255] == 128  # round(255 * 0.5)
    assert t[128] == round(255 * 0.5 * (128 / 255) ** 2.2)
    assert list(t) == sorted(t)  # monotonic
    pm = PixelMap(colour_order="RGB", gamma=2.2, brightness=0.5)
    assert pm.to_bytes(Frame.build(lamps={0: (255, 128, 0)}))[:3] == bytes([t[255], t[128], 0])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"chain": ("lamps", "buttons")},
        {"button_order": ("R1",) * 12},
        {"seat_order": ("S", "W", "N")},
        {"colour_order": "RGBW"},
        {"brightness": 1.5},
        {"lamp_order": "spiral"},
    ],
)
def test_bad_maps_are_refused(kwargs):
    with pytest.raises(ValueError):
        PixelMap(**kwargs)
