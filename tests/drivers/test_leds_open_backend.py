"""open_backend: the configured backend, built from the validated config."""

import io

import pytest

from clacks_hw.config.load import load_config
from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds import open_backend
from clacks_hw.drivers.leds_spi import SpiLeds, decode
from clacks_hw.drivers.leds_virtual import VirtualLeds
from clacks_hw.drivers.leds_ws281x import UnsupportedBoardError
from clacks_hw.drivers.pi import BoardInfo


def test_virtual():
    cfg = load_config(overrides={"leds.backend": "virtual"}, check_devices=False)
    backend = open_backend(cfg.leds, stream=io.StringIO())
    assert isinstance(backend, VirtualLeds)


def test_spi_uses_the_pixel_map_from_config(tmp_path):
    dev = tmp_path / "spidev"
    dev.write_bytes(b"")
    cfg = load_config(
        overrides={"leds.spi_device": str(dev), "leds.brightness": 1.0, "leds.gamma": 1.0, "leds.colour_order": "RGB"},
        check_devices=False,
    )
    backend = open_backend(cfg.leds)
    assert isinstance(backend, SpiLeds)
    backend._ioctl = lambda fd, req, arg: arg  # a regular file is not a spidev
    backend.show(Frame.build(lamps={0: (1, 2, 3)}))
    assert decode(dev.read_bytes())[:3] == bytes([1, 2, 3])


def test_ws281x_on_a_pc_is_refused():
    cfg = load_config(overrides={"leds.backend": "ws281x"}, check_devices=False)
    with pytest.raises(UnsupportedBoardError):
        open_backend(cfg.leds, board=BoardInfo("", "", None))
