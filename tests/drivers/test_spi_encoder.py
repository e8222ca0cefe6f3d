"""The WS2812-over-SPI encoder: 8 SPI bits per LED bit at 6.4 MHz, reset padding both sides."""

from hypothesis import given
from hypothesis import strategies as st

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds_spi import ONE, RESET_BYTES, SPEED_HZ, ZERO, decode, encode
from clacks_hw.drivers.pixel_map import PixelMap

BIT_NS = 1e9 / SPEED_HZ


def high_ns(pattern: int) -> float:
    return bin(pattern).count("1") * BIT_NS


def test_bit_timings_are_inside_the_ws2812b_windows():
    assert 8 * BIT_NS == 1250  # one WS2812 bit = 1.25 us
    assert 220 <= high_ns(ZERO) <= 380  # T0H (WS2812B v5; also inside 400 +- 150)
    assert 650 <= high_ns(ONE) <= 950  # T1H (800 +- 150; also inside 580..1000)
    assert ZERO & 1 == 0 and ONE & 1 == 0  # every byte ends low: inter-byte gaps stay harmless


def test_each_byte_becomes_eight_spi_bytes_msb_first():
    out = encode(bytes([0b10100000]))
    body = out[RESET_BYTES:-RESET_BYTES]
    assert list(body) == [ONE, ZERO, ONE, ZERO, ZERO, ZERO, ZERO, ZERO]


def test_reset_padding_before_and_after_is_at_least_300_us_low():
    out = encode(bytes([255]))
    assert out[:RESET_BYTES] == bytes(RESET_BYTES) == out[-RESET_BYTES:]
    assert RESET_BYTES * 8 * BIT_NS >= 300_000


@given(st.binary(max_size=200))
def test_decode_inverts_encode(data):
    assert decode(encode(data)) == data


def test_a_frame_decodes_back_to_its_colours_exactly():
    frame = Frame(tuple(((i * 37) % 256, (i * 91) % 256, (255 - i * 7) % 256) for i in range(32)))
    pm = PixelMap(colour_order="GRB")
    wire = decode(encode(pm.to_bytes(frame)))
    assert len(wire) == 96
    for i, (r, g, b) in enumerate(frame.pixels):
        assert tuple(wire[3 * i : 3 * i + 3]) == (g, r, b)
