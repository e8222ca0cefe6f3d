"""A fake MicroPython ``machine`` module for running the reader-hub firmware under CPython.

A :class:`FakeBoard` is one emulated Pico: its ``Pin``, ``SPI``, ``WDT``, ``Timer`` and
``unique_id`` behave like MicroPython's, and SPI bytes go to whichever fake chip
(:mod:`tests.fakes.mfrc522_chip`) has its chip-select pin low, as on a real bus. The module
itself also works as ``machine`` (``sys.modules["machine"] = tests.fakes.machine``) through
the default board at the bottom.
"""

from __future__ import annotations


class _PinBase:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    board: "FakeBoard"

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.board.levels.get(self.id, 1)
        self.board.set_level(self.id, 1 if v else 0)
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class _SPIBase:
    board: "FakeBoard"

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.bytes = 0  # bytes clocked, for timing estimates

    def _xfer(self, byte):
        self.bytes += 1
        return self.board.exchange(byte)

    def write(self, buf):
        for b in bytes(buf):
            self._xfer(b)

    def write_readinto(self, wbuf, rbuf):
        for i, b in enumerate(bytes(wbuf)):
            rbuf[i] = self._xfer(b)

    def readinto(self, buf, write=0x00):
        for i in range(len(buf)):
            buf[i] = self._xfer(write)

    def read(self, n, write=0x00):
        buf = bytearray(n)
        self.readinto(buf, write)
        return bytes(buf)


class _WDTBase:
    board: "FakeBoard"

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        self.board.wdt = self

    def feed(self):
        self.feeds += 1


class _TimerBase:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=-1, callback=None, freq=-1):
        self.period = period
        self.callback = callback

    def deinit(self):
        self.callback = None


class FakeBoard:
    """One emulated Pico with chips attached to chip-select pins."""

    def __init__(self, uid: bytes = bytes.fromhex("E6614103E7452D2F")) -> None:
        self._uid = uid
        self.levels: dict[int, int] = {}
        self.chips: dict[int, object] = {}  # cs pin id -> chip
        self.wdt = None
        self.bus_errors = 0  # transfers with no chip, or several, selected
        self.selects = 0  # SPI transactions (chip-select falling edges), for timing estimates
        self.Pin = type("Pin", (_PinBase,), {"board": self})
        self.SPI = type("SPI", (_SPIBase,), {"board": self})
        self.WDT = type("WDT", (_WDTBase,), {"board": self})
        self.Timer = type("Timer", (_TimerBase,), {})

    def attach(self, cs_pin: int, chip) -> None:
        self.chips[cs_pin] = chip

    def set_level(self, pin: int, level: int) -> None:
        old = self.levels.get(pin, 1)
        self.levels[pin] = level
        chip = self.chips.get(pin)
        if chip is not None and old != level:
            if level == 0:
                self.selects += 1
                chip.select()
            else:
                chip.deselect()

    def exchange(self, byte: int) -> int:
        selected = [c for p, c in self.chips.items() if self.levels.get(p, 1) == 0]
        if len(selected) != 1:
            self.bus_errors += 1
            return 0xFF
        return selected[0].exchange(byte)

    def unique_id(self) -> bytes:
        return self._uid

    def freq(self, hz=None):
        return 125_000_000


_default = FakeBoard()
Pin = _default.Pin
SPI = _default.SPI
WDT = _default.WDT
Timer = _default.Timer
unique_id = _default.unique_id
freq = _default.freq
