"""WS2812 through rpi-ws281x (PWM/PCM/SPI DMA on Pi 1-4; needs root).

rpi-ws281x must never be imported or constructed unless this is a supported Pi: elsewhere
``PixelStrip(...)`` makes the process segfault at exit and ``begin()`` raises "Hardware
revision is not supported" (and there is no Pi 5 support at all). So the board is detected
first and the library is imported lazily, through a loader tests can replace.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from ..base.errors import ClacksError
from .frame import Frame
from .pi import BoardInfo, detect_board
from .pixel_map import PixelMap

FREQ_HZ = 800_000
DMA_CHANNEL = 10  # the library's recommended channel; 5 can corrupt the SD card on newer kernels
# GPIO -> PWM channel used by the library (10 = SPI MOSI and 21 = PCM DOUT run on channel 0).
PIN_CHANNEL = {12: 0, 18: 0, 10: 0, 21: 0, 13: 1, 19: 1}


class UnsupportedBoardError(ClacksError, RuntimeError):
    """The ws281x backend was asked for on a board rpi-ws281x cannot drive."""


def _import_library() -> ModuleType:
    return importlib.import_module("rpi_ws281x")


class Ws281xLeds:
    """The ``ws281x`` backend."""

    def __init__(
        self,
        pixel_map: PixelMap,
        pin: int = 18,
        board: BoardInfo | None = None,
        load_library: Callable[[], ModuleType] = _import_library,
    ) -> None:
        board = board if board is not None else detect_board()
        if not board.ws281x_supported:
            raise UnsupportedBoardError(
                f"the ws281x LED backend needs a Raspberry Pi 1-4, but this is {board.describe()}; "
                'set leds.backend = "spi" (every Pi, including the Pi 5) or "virtual"'
            )
        if pin not in PIN_CHANNEL:
            raise ValueError(f"rpi-ws281x cannot drive GPIO{pin}; use one of {sorted(PIN_CHANNEL)}")
        try:
            lib = load_library()
        except ImportError as e:
            raise UnsupportedBoardError(
                f"the ws281x LED backend needs the rpi-ws281x library ({e}); "
                "install it with: pip install 'clacks-hw[pi]'"
            ) from e
        self.pixel_map = pixel_map
        # The pixel map has already put the bytes in wire order, so the library is told the
        # strip is RGB: it then sends bits 23..16, 15..8, 7..0 as they are.
        self._strip = lib.PixelStrip(
            pixel_map.count,
            pin,
            freq_hz=FREQ_HZ,
            dma=DMA_CHANNEL,
            invert=False,
            brightness=255,  # brightness and gamma are in the pixel map's table
            channel=PIN_CHANNEL[pin],
            strip_type=lib.ws.WS2811_STRIP_RGB,
        )
        self._strip.begin()

    def show(self, frame: Frame) -> None:
        data = self.pixel_map.to_bytes(frame)
        strip = self._strip
        if strip is None:
            raise RuntimeError("the ws281x LED backend is closed")
        for i in range(0, len(data), 3):
            strip.setPixelColor(i // 3, data[i] << 16 | data[i + 1] << 8 | data[i + 2])
        strip.show()

    def close(self) -> None:
        strip, self._strip = self._strip, None
        if strip is not None:
            # _cleanup frees the DMA buffers now instead of in a destructor at exit.
            cleanup = getattr(strip, "_cleanup", None)
            if cleanup is not None:
                cleanup()
