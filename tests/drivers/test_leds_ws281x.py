"""The ws281x backend: refused (without touching the library) unless the board is a Pi 1-4."""

import subprocess
import sys
import types

import pytest

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds_ws281x import UnsupportedBoardError, Ws281xLeds
from clacks_hw.drivers.pi import BoardInfo
from clacks_hw.drivers.pixel_map import PixelMap

PI4 = BoardInfo("Raspberry Pi 4 Model B Rev 1.4", "bcm2711", 4)
PI5 = BoardInfo("Raspberry Pi 5 Model B Rev 1.0", "bcm2712", 5)
PC = BoardInfo("", "", None)


class FakeStrip:
    def __init__(self, num, pin, **kw):
        self.num, self.pin, self.kw = num, pin, kw
        self.pixels = [0] * num
        self.begun = self.shown = 0
        self.cleaned = False

    def begin(self):
        self.begun += 1

    def setPixelColor(self, n, colour):
        self.pixels[n] = colour

    def show(self):
        self.shown += 1

    def _cleanup(self):
        self.cleaned = True


def fake_library():
    lib = types.SimpleNamespace(PixelStrip=FakeStrip, ws=types.SimpleNamespace(WS2811_STRIP_RGB=0x100800))
    return lib


def refusing_loader():
    raise AssertionError("rpi_ws281x must not be loaded on this board")


@pytest.mark.parametrize("board", [PI5, PC])
def test_unsupported_boards_are_refused_before_the_library_is_loaded(board):
    with pytest.raises(UnsupportedBoardError, match="Raspberry Pi 1-4") as err:
        Ws281xLeds(PixelMap(), board=board, load_library=refusing_loader)
    assert 'leds.backend = "spi"' in str(err.value)


def test_importing_the_backend_does_not_import_the_library():
    code = "import sys, clacks_hw.drivers.leds_ws281x, clacks_hw.drivers.leds; print('rpi_ws281x' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_on_a_pi4_the_strip_gets_wire_order_bytes():
    leds = Ws281xLeds(PixelMap(colour_order="GRB"), pin=18, board=PI4, load_library=fake_library)
    strip = leds._strip
    assert (strip.num, strip.pin, strip.begun) == (32, 18, 1)
    assert strip.kw["brightness"] == 255 and strip.kw["channel"] == 0
    assert strip.kw["strip_type"] == 0x100800
    leds.show(Frame.build(lamps={0: (0x11, 0x22, 0x33)}))
    assert strip.pixels[0] == 0x221133 and strip.shown == 1
    leds.close()
    assert strip.cleaned
    with pytest.raises(RuntimeError, match="closed"):
        leds.show(Frame.blank())


def test_pwm1_pins_use_channel_1_and_bad_pins_are_refused():
    leds = Ws281xLeds(PixelMap(), pin=13, board=PI4, load_library=fake_library)
    assert leds._strip.kw["channel"] == 1
    with pytest.raises(ValueError, match="GPIO4"):
        Ws281xLeds(PixelMap(), pin=4, board=PI4, load_library=fake_library)


def test_a_missing_library_on_a_pi_is_a_clear_error():
    def missing():
        raise ImportError("No module named 'rpi_ws281x'")

    with pytest.raises(UnsupportedBoardError, match=r"pip install 'clacks-hw\[pi\]'"):
        Ws281xLeds(PixelMap(), board=PI4, load_library=missing)
