"""SpiLeds: configures spidev by ioctl, writes one transfer per frame, reopens after errors."""

import os
import struct

import pytest

from clacks_hw.drivers.frame import Frame
from clacks_hw.drivers.leds_spi import (
    SPEED_HZ,
    SPI_IOC_WR_BITS_PER_WORD,
    SPI_IOC_WR_MAX_SPEED_HZ,
    SPI_IOC_WR_MODE,
    SpiLeds,
    decode,
)
from clacks_hw.drivers.pixel_map import PixelMap


class RecordingIoctl:
    def __init__(self):
        self.calls = []

    def __call__(self, fd, request, arg):
        self.calls.append((request, arg))
        return arg


def test_ioctl_request_numbers_match_linux_spidev_h():
    assert SPI_IOC_WR_MODE == 0x40016B01
    assert SPI_IOC_WR_BITS_PER_WORD == 0x40016B03
    assert SPI_IOC_WR_MAX_SPEED_HZ == 0x40046B04


def test_show_sets_mode_and_speed_then_writes_a_decodable_frame(tmp_path):
    dev = tmp_path / "spidev0.0"
    dev.write_bytes(b"")
    ioctl = RecordingIoctl()
    leds = SpiLeds(PixelMap(colour_order="GRB", lamp_order="serpentine"), device=str(dev), ioctl=ioctl)
    frame = Frame.build(lamps={4: (1, 2, 3)}, towers={"R1": (200, 100, 50)}, seats={"E": (9, 8, 7)})
    leds.show(frame)
    leds.close()
    assert ioctl.calls == [
        (SPI_IOC_WR_MODE, struct.pack("B", 0)),
        (SPI_IOC_WR_BITS_PER_WORD, struct.pack("B", 8)),
        (SPI_IOC_WR_MAX_SPEED_HZ, struct.pack("I", SPEED_HZ)),
    ]
    wire = decode(dev.read_bytes())
    assert wire[7 * 3 : 8 * 3] == bytes([2, 1, 3])  # serpentine: lamp 4 is 8th on the chain
    assert wire[16 * 3 : 17 * 3] == bytes([100, 200, 50])  # R1, GRB
    assert wire[31 * 3 :] == bytes([8, 9, 7])  # seat E last
    assert len(wire) == 96


def test_frames_can_be_read_from_a_pipe():
    r, w = os.pipe()
    try:
        leds = SpiLeds(PixelMap(colour_order="RGB"), device=f"/proc/self/fd/{w}", ioctl=RecordingIoctl())
        leds.show(Frame.build(lamps={0: (255, 0, 255)}))
        data = os.read(r, 1 << 16)
        assert decode(data)[:3] == bytes([255, 0, 255])
        leds.close()
    finally:
        os.close(r)
        os.close(w)


def test_a_missing_device_raises_and_the_next_show_tries_again(tmp_path):
    dev = tmp_path / "spidev0.0"
    leds = SpiLeds(PixelMap(), device=str(dev), ioctl=RecordingIoctl())
    with pytest.raises(FileNotFoundError):
        leds.show(Frame.blank())
    dev.write_bytes(b"")
    leds.show(Frame.blank())
    assert len(dev.read_bytes()) > 0


def test_a_device_that_is_not_spidev_gets_a_clear_error(tmp_path):
    dev = tmp_path / "not-spi"
    dev.write_bytes(b"")
    leds = SpiLeds(PixelMap(), device=str(dev))  # the real fcntl.ioctl: ENOTTY on a file
    with pytest.raises(OSError, match="cannot set SPI mode/speed"):
        leds.show(Frame.blank())
