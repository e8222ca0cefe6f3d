"""The emulated MFRC522 takes (fake-clock) time to come back from a soft reset and to finish a
Transceive, as the datasheet says: so a firmware wait that is too short fails here. The
driver's waits are deadlines in time; shortening one below what the chip needs breaks it."""

import pytest

from clacks_hw.testing.emulated_hub import load_firmware
from clacks_hw.testing.machine import FakeBoard
from clacks_hw.testing.mfrc522_chip import FakeMFRC522
from clacks_hw.testing.ticks import VirtualTicks

mfrc522 = load_firmware().mfrc522


def driver_and_chip():
    board = FakeBoard()
    clock = VirtualTicks()
    board.set_clock(clock)
    chip = FakeMFRC522()
    board.attach(17, chip)
    return mfrc522.MFRC522(board.SPI(0, baudrate=4_000_000), board.Pin(17, board.Pin.OUT, value=1), clock), chip, clock


def test_soft_reset_is_waited_out_in_time():
    driver, chip, clock = driver_and_chip()
    assert driver.init() == 0x92
    assert clock.us >= 5000  # the oscillator's start-up passed before the configuration went in
    assert chip.regs[0x2A] == mfrc522.T_MODE_VALUE


def test_a_reset_wait_shorter_than_the_chip_needs_loses_the_configuration(monkeypatch):
    monkeypatch.setattr(mfrc522, "RESET_TIMEOUT_MS", 1)
    driver, chip, _ = driver_and_chip()
    with pytest.raises(mfrc522.ChipError, match="absent"):
        driver.init()  # the writes went to a chip still starting up
    assert chip.regs[0x2A] != mfrc522.T_MODE_VALUE


def test_an_empty_reader_waits_for_the_rf_timer_not_a_count_of_polls():
    driver, chip, clock = driver_and_chip()
    driver.init()
    start = clock.us
    assert driver.read_uid() is None  # no card: the chip's 3 ms timer ends the wait
    assert clock.us - start >= 3000


def test_a_transceive_wait_shorter_than_the_rf_timer_calls_an_empty_reader_dead(monkeypatch):
    driver, chip, _ = driver_and_chip()
    driver.init()
    monkeypatch.setattr(mfrc522, "TRANSCEIVE_TIMEOUT_MS", 2)
    with pytest.raises(mfrc522.ChipError, match="noanswer"):
        driver.read_uid()


def test_a_card_answers_after_its_frame_time():
    driver, chip, clock = driver_and_chip()
    driver.init()
    chip.place(bytes.fromhex("04A2B3C4D5E680"))
    start = clock.us
    assert driver.read_uid() == bytes.fromhex("04A2B3C4D5E680")
    # WUPA, two cascade levels of anticollision and SELECT, and HLTA's 3 ms timeout.
    assert clock.us - start > 5 * 91 + 3000
