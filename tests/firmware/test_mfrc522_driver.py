"""The register-level MFRC522 driver against the fake chip."""

import pytest

from clacks_hw.testing.emulated_hub import load_firmware
from clacks_hw.testing.machine import FakeBoard
from clacks_hw.testing.mfrc522_chip import FakeMFRC522
from clacks_hw.testing.ticks import VirtualTicks

mfrc522 = load_firmware().mfrc522


@pytest.fixture
def rig():
    board = FakeBoard()
    clock = VirtualTicks()
    board.set_clock(clock)
    chip = FakeMFRC522()
    board.attach(17, chip)
    driver = mfrc522.MFRC522(board.SPI(0), board.Pin(17, board.Pin.OUT, value=1), clock)
    assert driver.init() == 0x92
    yield driver, chip
    assert board.bus_errors == 0


def test_crc_a_matches_the_iso14443_hlta_frame():
    assert mfrc522.crc_a(b"\x50\x00") == b"\x57\xcd"  # HLTA is "50 00 57 CD" on the air


@pytest.mark.parametrize("uid", ["DEADBEEF", "04A2B3C4D5E680", "04112233445566778899"])
def test_reads_4_7_and_10_byte_uids_through_the_cascade_levels(rig, uid):
    driver, chip = rig
    chip.place(bytes.fromhex(uid))
    assert driver.read_uid() == bytes.fromhex(uid)
    assert driver.read_uid() == bytes.fromhex(uid)  # halted, then woken again by WUPA


def test_no_card_is_none(rig):
    driver, _ = rig
    assert driver.read_uid() is None


@pytest.mark.parametrize("frames", [0, 1, 2, 3])
def test_card_pulled_away_mid_read_is_a_miss_not_an_error(rig, frames):
    driver, chip = rig
    chip.place(bytes.fromhex("04A2B3C4D5E680"))
    chip.pull_away_after(frames)  # gone during WUPA / anticollision / select
    assert driver.read_uid() is None
    assert driver.read_uid() is None


def test_chip_that_stops_answering_raises_chip_error_quickly(rig):
    driver, chip = rig
    chip.kill()
    with pytest.raises(mfrc522.ChipError):
        driver.read_uid()
    assert driver.health() == "noanswer"
    with pytest.raises(mfrc522.ChipError):
        driver.init()


def test_brown_out_is_seen_as_lost_settings_and_init_repairs_it(rig):
    driver, chip = rig
    chip.brown_out()
    assert driver.health() == "reset"
    driver.init()
    assert driver.health() is None
