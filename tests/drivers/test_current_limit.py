"""The daemon holds every LED frame to the supply's budget, as WLED's limiter does: recorded
from the SPI device the LEDs read, no frame an emulated chain decodes ever draws more."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.config.load import load_config
from clacks_hw.drivers.current_limit import CurrentModel
from clacks_hw.drivers.frame import LAMPS, PIXELS, SEATS, TOWERS, Frame
from clacks_hw.drivers.leds import open_backend
from clacks_hw.drivers.leds_spi import decode
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.power import budget, led_models

WHITE = (255, 255, 255)


def chain_ma(data: bytes, cfg) -> float:
    """What a chain of the configured LEDs draws showing ``data`` (wire order), computed here
    from the LED models alone: each channel's current in proportion to its PWM duty."""
    models = led_models(load_mainboard())
    order = "RGB"
    total = 0.0
    for k in range(len(data) // 3):
        m = models["lamp"] if k < LAMPS else models["small"]  # the default chain: lamps first
        rgb = {c: data[3 * k + i] for i, c in enumerate(cfg.leds.colour_order)}
        total += m.idle_ma + sum(m.channel_ma[order.index(c)] * rgb[c] / 255 for c in order)
    return total


class RecordingLeds:
    """The spi backend writing into a file: what the LEDs would receive, frame by frame."""

    def __init__(self, tmp_path, **overrides):
        dev = tmp_path / "spidev0.0"
        dev.write_bytes(b"")
        self.cfg = load_config(overrides={"leds.spi_device": str(dev), **overrides}, check_devices=False)
        self.backend = open_backend(self.cfg.leds)
        self.backend._ioctl = lambda fd, req, arg: arg  # a file is not a spidev; the bytes are what counts
        self.dev = dev

    def show(self, frame) -> bytes:
        self.dev.write_bytes(b"")
        self.backend.show(frame)
        self.backend.close()
        return decode(self.dev.read_bytes())


def test_full_white_at_brightness_1_is_held_to_the_budget(tmp_path):
    leds = RecordingLeds(tmp_path, **{"leds.brightness": 1.0, "leds.gamma": 1.0, "leds.supply_a": 2.0})  # 1.6 A in all
    limit = budget(load_mainboard(), leds.cfg).limit_ma
    wire = leds.show(Frame.build(lamps={i: WHITE for i in range(LAMPS)}, towers={t: WHITE for t in TOWERS},
                                 seats={s: WHITE for s in SEATS}))
    assert chain_ma(bytes([255]) * 3 * PIXELS, leds.cfg) > limit  # unlimited, it would overdraw
    assert limit * 0.97 <= chain_ma(wire, leds.cfg) <= limit  # scaled down to just within
    assert len(set(wire)) == 1  # every channel scaled by the same factor: white stays white


def test_a_frame_within_the_budget_passes_unchanged(tmp_path):
    leds = RecordingLeds(tmp_path, **{"leds.brightness": 1.0, "leds.gamma": 1.0, "leds.colour_order": "RGB"})
    wire = leds.show(Frame.build(lamps={i: (255, 0, 0) for i in range(8)}))
    assert wire[:3] == bytes([255, 0, 0]) and wire[21:24] == bytes([255, 0, 0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)), min_size=PIXELS,
                max_size=PIXELS), st.sampled_from([0.3, 0.6, 1.0]), st.sampled_from([1.2, 2.0, 3.0]))
def test_no_frame_ever_exceeds_the_budget(tmp_path_factory, pixels, brightness, supply):
    leds = RecordingLeds(tmp_path_factory.mktemp("spi"), **{"leds.brightness": brightness, "leds.supply_a": supply})
    limit = budget(load_mainboard(), leds.cfg).limit_ma
    frame = Frame.build(lamps={i: pixels[i] for i in range(LAMPS)},
                        towers={t: pixels[LAMPS + k] for k, t in enumerate(TOWERS)},
                        seats={s: pixels[LAMPS + len(TOWERS) + k] for k, s in enumerate(SEATS)})
    assert chain_ma(leds.show(frame), leds.cfg) <= limit + 1e-9


def test_a_bigger_supply_lets_more_light_through(tmp_path):
    dim = RecordingLeds(tmp_path, **{"leds.brightness": 1.0, "leds.supply_a": 1.2}).show(
        Frame.build(lamps={i: WHITE for i in range(LAMPS)}))
    bright = RecordingLeds(tmp_path, **{"leds.brightness": 1.0, "leds.supply_a": 3.0}).show(
        Frame.build(lamps={i: WHITE for i in range(LAMPS)}))
    assert dim[0] < bright[0] == 255


def test_the_model_refuses_a_budget_under_the_idle_draw():
    with pytest.raises(ValueError, match="not above the chain's idle"):
        CurrentModel((20.0,) * 6, 50.0, 40.0)
