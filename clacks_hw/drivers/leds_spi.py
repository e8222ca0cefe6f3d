"""WS2812 through the SPI bus: MOSI (GPIO10) carries the LED data line's waveform.

Encoding: SPI at 6.4 MHz, one SPI byte per WS2812 bit (8 SPI bits of 156.25 ns = 1.25 us, the
WS2812 bit time). A 0 is ``11000000`` (313 ns high), a 1 is ``11111000`` (781 ns high), inside
both the old (T0H 400+-150, T1H 800+-150 ns) and the new WS2812B datasheet windows. One byte per
bit costs more bus time than the 3-bits-at-2.4-MHz scheme, but every byte ends low: if a
controller pauses between bytes (the Pi 5's RP1 and the Pi's non-DMA path can), the pause
lengthens a low phase, which the LEDs tolerate, instead of stretching a high pulse, which
corrupts the colour. 32 LEDs = 768 bytes = 0.96 ms on the wire.

The frame is padded with low bytes before and after (>= 300 us, the WS2812B reset time), so
the line idles low between frames whatever MOSI did before the transfer.
"""

from __future__ import annotations

import fcntl
import os
import struct
from collections.abc import Callable

from .frame import Frame
from .pixel_map import PixelMap

SPEED_HZ = 6_400_000
ZERO = 0b11000000
ONE = 0b11111000
RESET_BYTES = 240  # 240 bytes * 1.25 us = 300 us of low line
SPI_MODE_0 = 0  # data sampled on the rising clock edge; MOSI idles as written

# Linux <linux/spi/spidev.h>: _IOW('k', nr, size) = 1 << 30 | size << 16 | ord('k') << 8 | nr
SPI_IOC_WR_MODE = 0x40016B01
SPI_IOC_WR_BITS_PER_WORD = 0x40016B03
SPI_IOC_WR_MAX_SPEED_HZ = 0x40046B04
SPIDEV_DEFAULT_BUFSIZ = 4096  # one write is one transfer; spidev refuses larger ones

# Byte value -> its 8 WS2812 bits as 8 SPI bytes, most significant bit first.
_BYTE_TABLE = tuple(bytes(ONE if v >> (7 - k) & 1 else ZERO for k in range(8)) for v in range(256))
_PAD = bytes(RESET_BYTES)


def encode(data: bytes) -> bytes:
    """Wire-order LED bytes (from :meth:`PixelMap.to_bytes`) -> the SPI byte stream."""
    return b"".join((_PAD, *map(_BYTE_TABLE.__getitem__, data), _PAD))


def decode(spi: bytes) -> bytes:
    """The inverse of :func:`encode` (for tests and the bench): strips padding, reads each bit.

    A bit is read the way an LED reads it: high for longer than half the bit time is a 1.
    """
    body = spi.strip(b"\0")
    if len(body) % 8:
        raise ValueError(f"{len(body)} data bytes is not a whole number of LED bytes")
    out = bytearray()
    for i in range(0, len(body), 8):
        v = 0
        for b in body[i : i + 8]:
            if b >> 7 != 1:
                raise ValueError(f"SPI byte {b:#010b} does not start high: not a WS2812 bit")
            v = v << 1 | (bin(b).count("1") > 4)
        out.append(v)
    return bytes(out)


def _bufsiz() -> int:
    try:
        with open("/sys/module/spidev/parameters/bufsiz") as f:
            return int(f.read())
    except (OSError, ValueError):
        return SPIDEV_DEFAULT_BUFSIZ


class SpiLeds:
    """The ``spi`` backend. Opens the device lazily and again after an error, so retries work."""

    def __init__(
        self,
        pixel_map: PixelMap,
        device: str = "/dev/spidev0.0",
        ioctl: Callable[[int, int, bytes], object] = fcntl.ioctl,
    ) -> None:
        self.pixel_map = pixel_map
        self.device = device
        self._ioctl = ioctl
        self._fd: int | None = None
        size = len(encode(bytes(3 * pixel_map.count)))
        limit = _bufsiz()
        if size > limit:
            raise ValueError(
                f"{pixel_map.count} LEDs need {size}-byte SPI transfers but spidev allows {limit}; "
                "raise it with spidev.bufsiz=65536 in /boot/firmware/cmdline.txt"
            )

    def _open(self) -> int:
        fd = os.open(self.device, os.O_WRONLY)
        try:
            self._ioctl(fd, SPI_IOC_WR_MODE, struct.pack("B", SPI_MODE_0))
            self._ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, struct.pack("B", 8))
            self._ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, struct.pack("I", SPEED_HZ))
        except OSError as e:
            os.close(fd)
            raise OSError(e.errno, f"{self.device}: cannot set SPI mode/speed ({e.strerror}); is it a spidev device?") from e
        return fd

    def show(self, frame: Frame) -> None:
        data = encode(self.pixel_map.to_bytes(frame))
        if self._fd is None:
            self._fd = self._open()
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise OSError(f"{self.device}: short write ({written} of {len(data)} bytes)")
        except OSError:
            self._close_fd()
            raise

    def _close_fd(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass

    def close(self) -> None:
        """Leaves the LEDs as they are; the daemon shows a blank frame first if it wants them dark."""
        self._close_fd()
