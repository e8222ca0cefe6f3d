"""A reader hub on a virtual clock, for firmware unit tests: the firmware's Hub and MFRC522
driver on fake chips, with an in-memory port and time that only moves when slept."""

from __future__ import annotations

from clacks_hw.testing.firmware_files import load_firmware
from clacks_hw.testing.machine import FakeBoard
from clacks_hw.testing.mfrc522_chip import FakeMFRC522
from clacks_hw.testing.ticks import VirtualTicks

__all__ = ["CS_PINS", "HubRig", "MemoryPort", "VirtualTicks"]

CS_PINS = (17, 20, 21, 22)


class MemoryPort:
    """The hub's serial port in memory: lines written, bytes queued for the hub to read."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.inbox = bytearray()

    def read(self) -> bytes:
        data, self.inbox = bytes(self.inbox), bytearray()
        return data

    def write(self, data: bytes) -> None:
        self.out += data

    def take_lines(self) -> list[str]:
        """Lines written since the last call, without their checksums (e.g. "3 TAG 0 ...")."""
        text, self.out = self.out.decode("ascii"), bytearray()
        return [line.rsplit("*", 1)[0] for line in text.splitlines()]

    def take(self) -> list[tuple[str, ...]]:
        """Like take_lines but without sequence numbers: [("TAG", "0", "04..."), ...]."""
        return [tuple(line.split(" ")[1:]) for line in self.take_lines()]


class HubRig:
    def __init__(self, readers: int = 1, **hub_options) -> None:
        self.fw = load_firmware()
        self.board = FakeBoard()
        self.chips = [FakeMFRC522() for _ in range(readers)]
        self.clock = VirtualTicks()
        self.board.set_clock(self.clock)
        spi = self.board.SPI(0)
        drivers = []
        for cs, chip in zip(CS_PINS, self.chips):
            self.board.attach(cs, chip)
            drivers.append(self.fw.mfrc522.MFRC522(spi, self.board.Pin(cs, self.board.Pin.OUT, value=1),
                                                   self.clock))
        self.port = MemoryPort()
        self.wdt = self.board.WDT(timeout=4000)
        options = {"poll_ms": 10, "hb_ms": 1000}
        options.update(hub_options)
        self.hub = self.fw.hub.Hub(drivers, self.port, self.clock, wdt=self.wdt, board_id="ABCD", **options)

    def start(self) -> list[tuple[str, ...]]:
        self.hub.start()
        return self.port.take()

    def steps(self, n: int = 1) -> list[tuple[str, ...]]:
        for _ in range(n):
            self.hub.step()
        return self.port.take()

    def command(self, line: bytes) -> None:
        self.port.inbox += line
