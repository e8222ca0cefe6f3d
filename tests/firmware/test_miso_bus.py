"""Four readers on one MISO: clone boards that keep MISO low while deselected (miguelbalboa/rfid
#290, #377) break every reader on an unbuffered bus; through the board's 74LVC125A (each
reader's MISO on a channel enabled by its chip select) they all read. The firmware's own
main.build() and Hub on the emulated board, with the boot check that names a held MISO."""

import pytest

from clacks_hw.testing.firmware_files import firmware_config, load_firmware
from clacks_hw.testing.machine import Buffer125, FakeBoard
from clacks_hw.testing.mfrc522_chip import FakeMFRC522
from clacks_hw.testing.ticks import VirtualTicks
from tests.fakes.reader_hub_rig import MemoryPort

fw = load_firmware()
UIDS = ["04A2B3C4D5E680", "DEADBEEF", "04112233445566778899", "CAFEBABE"]


def boot(*, holds_miso: bool, buffered: bool, readers: int = 4, oe_pullups: bool = True):
    cfg = firmware_config(READERS=readers)
    board = FakeBoard()
    clock = VirtualTicks()
    board.set_clock(clock)
    buffer = Buffer125(oe_pullups) if buffered else None
    if buffer is not None:
        board.fit(buffer, cfg.CS_PINS)  # the board has four reader connectors
    chips = [FakeMFRC522(0x89 if holds_miso else 0x92, holds_miso=holds_miso) for _ in range(readers)]
    for cs, chip in zip(cfg.CS_PINS, chips):
        board.attach(cs, chip, buffer)
    port = MemoryPort()
    hub = fw.main.build(cfg, board, clock, port)
    hub.start()
    return hub, chips, port, board


def read_every_card(hub, chips, port) -> list[tuple[str, ...]]:
    for chip, uid in zip(chips, UIDS):
        chip.place(bytes.fromhex(uid))
    for _ in range(5):
        hub.step()
    return [line for line in port.take() if line[0] == "TAG"]


def test_four_clone_readers_on_an_unbuffered_bus_read_nothing_and_the_hub_says_why():
    hub, chips, port, _ = boot(holds_miso=True, buffered=False)
    lines = port.take()
    assert lines[0][0] == "HELLO" and lines[0][6] == "held"
    assert ("ERR", "-", "misoheld") in lines  # the cause, not just four "absent" readers
    assert read_every_card(hub, chips, port) == []  # the bug: the held line corrupts every answer


def test_four_clone_readers_through_the_buffer_read_every_card():
    hub, chips, port, board = boot(holds_miso=True, buffered=True)
    lines = port.take()
    assert lines[0][5:] == ("89,89,89,89", "ok") and not [ln for ln in lines if ln[0] == "ERR"]
    assert read_every_card(hub, chips, port) == [("TAG", str(k), uid) for k, uid in enumerate(UIDS)]
    assert board.bus_errors == 0


def test_readers_that_release_miso_need_no_buffer():
    hub, chips, port, _ = boot(holds_miso=False, buffered=False)
    assert port.take()[0][6] == "ok"
    assert read_every_card(hub, chips, port) == [("TAG", str(k), uid) for k, uid in enumerate(UIDS)]


def test_one_clone_alone_on_the_line_reads_and_is_no_fault():
    hub, chips, port, _ = boot(holds_miso=True, buffered=False, readers=1)
    lines = port.take()
    assert lines[0][6] == "held" and not [ln for ln in lines if ln[0] == "ERR"]  # told, not a fault
    chips[0].place(bytes.fromhex(UIDS[0]))
    hub.step()
    assert ("TAG", "0", UIDS[0]) in port.take()


@pytest.mark.parametrize("oe_pullups", [True, False])
def test_two_readers_on_a_four_connector_board_keep_the_empty_channels_off(oe_pullups):
    # An empty connector's channel passes its pulled-down input whenever its OE (that CS) is
    # low: the firmware drives every CS_PINS high, so it holds even without the CS pull-ups.
    hub, chips, port, _ = boot(holds_miso=True, buffered=True, readers=2, oe_pullups=oe_pullups)
    assert port.take()[0][5:] == ("89,89", "ok")
    assert read_every_card(hub, chips, port) == [("TAG", "0", UIDS[0]), ("TAG", "1", UIDS[1])]


def test_the_check_gives_the_miso_pin_back_to_the_spi():
    # A check that left GP16 a GPIO input would cut every reader off (the SPI's receiver
    # sees no line): the readers must still answer after it.
    hub, chips, port, board = boot(holds_miso=False, buffered=True)
    assert board.funcs[fw.config.MISO] == "spi"
    assert port.take()[0][5] == "92,92,92,92"


def test_the_bus_model_resolves_contention_as_wired_and_and_the_buffer_as_high_impedance():
    board = FakeBoard()
    buffer = Buffer125()
    holder, other = FakeMFRC522(holds_miso=True), FakeMFRC522()
    board.attach(17, holder)
    board.attach(20, other, buffer)
    pin = board.Pin(16, board.Pin.IN, board.Pin.PULL_UP)
    board.miso_pin = 16
    assert pin.value() == 0  # the clone ties the line low though deselected
    board.chips.pop(17)
    assert pin.value() == 1  # the buffer's channel is off: only the pull-up is left
    pin.init(board.Pin.IN, board.Pin.PULL_DOWN)
    assert pin.value() == 0
    assert board._resolve([0x92, 0x00]) == 0x00 and board._resolve([0x92, 0xFF]) == 0x92
    for cs in (21, 22, 26):
        board.attach(cs, FakeMFRC522(), buffer)
    with pytest.raises(ValueError, match="four channels"):
        board.attach(27, FakeMFRC522(), buffer)
