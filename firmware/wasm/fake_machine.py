# A fake MicroPython `machine` module: the one both test worlds use. Real MicroPython (the
# WebAssembly port, see run.mjs) runs this file as it is; CPython loads it by path from
# clacks_hw/testing/machine.py (FakeBoard). So: MicroPython-compatible Python only (no threading,
# dataclasses, typing, annotations or f-strings).
#
# A Board is one emulated Pico. Its Pin, SPI, WDT and Timer classes behave like MicroPython's
# and are as strict as the RP2040 port: pin numbers 0..29, SPI pins must belong to the
# chosen SPI bus, write_readinto needs buffers of one length, the watchdog timeout has the
# RP2040 limit. Chips (fake_chip.FakeMFRC522) are attached to chip-select pins with
# attach(pin, chip); SPI bytes go to every chip whose CS is low, as on a real bus.
#
# MISO is one net the board resolves: each chip drives it while selected, a clone also while
# deselected (fake_chip: holds_miso), a chip wired through a Buffer125 channel only while its
# CS (the channel's output enable) is low. No driver: the pad's pull decides (RP2040: a
# pull-down at reset). Several drivers that disagree resolve as wired-AND: the RP2040 really
# sees a level between the rails, and a CMOS output's n-channel side (driving 0) is the
# stronger, so this model gives a 0 wherever any driver gives one (documented in
# docs/readers.md).
#
# The module itself works as `machine` (sys.modules["machine"] = fake_machine, as harness.py
# does) through the default board BOARD: Pin, SPI, WDT, Timer, unique_id and freq below are
# BOARD's, and reset() gives a fresh BOARD.

DEFAULT_UID = b"\xe6\x61\x41\x03\xe7\x45\x2d\x2f"

# RP2040 SPI pin functions (datasheet 2.19.2), by bus: SCK, MOSI (TX), MISO (RX).
_SPI_PINS = {
    0: ((2, 6, 18, 22), (3, 7, 19, 23), (0, 4, 16, 20)),
    1: ((10, 14, 26), (11, 15, 27), (8, 12, 24, 28)),
}
WDT_MAX_MS = 8388
# Time one SPI transaction costs the firmware besides its bytes: MicroPython's calls to set
# chip-select and transfer, on a 125 MHz RP2040. An estimate (not measured on a Pico), kept
# so the firmware's deadline waits see time pass as they poll a register.
SPI_CALL_US = 50  # RP2040 port: larger timeouts raise ValueError


class _Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    board = None  # set per board (Board.__init__)

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int) or not 0 <= id <= 29:
            raise ValueError("invalid pin")
        self.id = id
        self.mode = mode
        self._configure(mode, pull)
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self._configure(mode, pull)
        if value is not None:
            self.value(value)

    def _configure(self, mode, pull):
        # As the RP2040 port: a mode takes the pin from its peripheral to plain GPIO, and the
        # pull is set every time (none if not given).
        if mode != -1:
            self.board.funcs[self.id] = "gpio"
            self.board.pulls[self.id] = pull if pull != -1 else None

    def value(self, v=None):
        if v is None:
            if self.id == self.board.miso_pin and self.mode == self.IN:
                return self.board.miso_level()
            return self.board.levels.get(self.id, 1)
        self.board.set_level(self.id, 1 if v else 0)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


def _pin_id(p):
    return p.id if isinstance(p, _Pin) else p


class _SPI:
    MSB = 0
    LSB = 1
    board = None

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        if id not in _SPI_PINS:
            raise ValueError("SPI(%r) doesn't exist" % (id,))
        for pin, allowed, name in zip((sck, mosi, miso), _SPI_PINS[id], ("SCK", "MOSI", "MISO")):
            if pin is not None and _pin_id(pin) not in allowed:
                raise ValueError("bad %s pin" % name)
        self.id = id
        self.baudrate = baudrate
        self.bytes = 0  # bytes clocked, for timing estimates
        for pin in (sck, mosi, miso):
            if pin is not None:
                self.board.funcs[_pin_id(pin)] = "spi"
        if miso is not None:
            self.board.miso_pin = _pin_id(miso)

    def _xfer(self, byte):
        # Each byte takes 8 SPI clocks: time passes on the board's clock (if it has one), so
        # the firmware's deadline waits and the chips' own timing see the bus as it is.
        self.bytes += 1
        clock = self.board.clock
        if clock is not None:
            clock.advance_us(8000000 // self.baudrate)
        return self.board.exchange(byte)

    def write(self, buf):
        for b in memoryview(buf):  # any buffer-protocol object, as on the port
            self._xfer(b)

    def write_readinto(self, wbuf, rbuf):
        if len(wbuf) != len(rbuf):
            raise ValueError("buffers must be the same length")
        w = memoryview(wbuf)
        for i in range(len(w)):
            rbuf[i] = self._xfer(w[i])

    def readinto(self, buf, write=0x00):
        for i in range(len(buf)):
            buf[i] = self._xfer(write)

    def read(self, n, write=0x00):
        buf = bytearray(n)
        self.readinto(buf, write)
        return bytes(buf)


class _WDT:
    board = None

    def __init__(self, id=0, timeout=5000):
        if timeout > WDT_MAX_MS:
            raise ValueError("timeout too large")
        self.timeout = timeout
        self.feeds = 0
        self.board.wdt = self

    def feed(self):
        self.feeds += 1


class _Timer:
    ONE_SHOT = 0
    PERIODIC = 1
    board = None

    def __init__(self, id=-1, mode=1, period=-1, callback=None, freq=-1):
        self.mode = mode
        self.period = period
        self.callback = callback
        self.board.timers.append(self)

    def deinit(self):
        self.callback = None


class Buffer125:
    # One 74LVC125A quad bus buffer (Nexperia/TI data sheets, function table): channel k's
    # output Y follows its input A while its active-low output enable is low, and is
    # high-impedance (drives nothing) while it is high. On the board each reader's MISO is an
    # A input, the four Y outputs join on the Pico's MISO, and each OE is that reader's CS.
    # A channel with no reader plugged in drives its A input's level, which the board's
    # 100 kohm pull-down holds at 0, whenever its OE is low.
    CHANNELS = 4

    def __init__(self, oe_pullups=True):
        self.oe = []  # the CS pin on each channel's output enable, in channel order
        # The board's 10 kohm pull-up on each CS line; without it a CS the firmware never
        # drives floats down with the RP2040's reset pull-down, and its channel is on.
        self.oe_pullups = oe_pullups

    def wire(self, cs_pin):
        if cs_pin in self.oe:
            return
        if len(self.oe) >= self.CHANNELS:
            raise ValueError("a 74LVC125A has four channels")
        self.oe.append(cs_pin)

    def enabled(self, level):
        # level: the CS pin's, or None if the firmware never drove it.
        if level is None:
            return not self.oe_pullups
        return level == 0


class Board:
    # One emulated Pico with chips attached to chip-select pins.

    def __init__(self, uid=DEFAULT_UID):
        self.uid = bytes(uid)
        # This board's machine classes: each knows its board, as a module-level class would.
        self.Pin = type("Pin", (_Pin,), {"board": self})
        self.SPI = type("SPI", (_SPI,), {"board": self})
        self.WDT = type("WDT", (_WDT,), {"board": self})
        self.Timer = type("Timer", (_Timer,), {"board": self})
        # The time every part of the board shares: ticks_us(), ticks_diff() and advance_us()
        # (a fake `time`); None: no time passes on the bus and chips answer at once.
        self.clock = None
        self.reset()

    def reset(self):
        # Power-on: no chips, all pins high, no watchdog, no timers.
        self.levels = {}  # pin id -> level
        self.chips = {}  # cs pin id -> chip
        self.buffers = {}  # cs pin id -> the Buffer125 that chip's MISO goes through
        self.funcs = {}  # pin id -> "spi" or "gpio" (unset: neither yet)
        self.pulls = {}  # pin id -> PULL_UP, PULL_DOWN or None; unset: the RP2040's reset pull-down
        self.miso_pin = None  # the SPI's MISO (RX) pin, once an SPI is made
        self.wdt = None  # the WDT the firmware created
        self.timers = []  # Timers the firmware created
        self.bus_errors = 0  # SPI bytes clocked with no chip, or several, selected
        self.selects = 0  # chip-select falling edges (SPI transactions), for timing estimates

    def fit(self, buffer, cs_pins):
        # The board's buffer, a channel per reader connector (OE = its CS), readers or not.
        for cs_pin in cs_pins:
            buffer.wire(cs_pin)
            self.buffers[cs_pin] = buffer

    def attach(self, cs_pin, chip, buffer=None):
        # buffer: a Buffer125 whose channel (OE = cs_pin) carries this chip's MISO, or None:
        # the chip's MISO straight on the Pico's.
        if buffer is not None:
            self.fit(buffer, (cs_pin,))
        self.chips[cs_pin] = chip
        chip.clock = self.clock

    def set_clock(self, clock):
        self.clock = clock
        for chip in self.chips.values():
            chip.clock = clock

    def set_level(self, pin, level):
        old = self.levels.get(pin, 1)
        self.levels[pin] = level
        chip = self.chips.get(pin)
        if chip is not None and old != level:
            if level == 0:
                self.selects += 1
                if self.clock is not None:
                    self.clock.advance_us(SPI_CALL_US)
                chip.select()
            else:
                chip.deselect()

    def _drivers(self, clocked=None):
        # What each chip puts on MISO now, as bytes (8 equal bits for a level held still);
        # clocked: the MOSI byte every selected chip shifts in, which makes it answer.
        out = []
        selected = 0
        for pin, buffer in self.buffers.items():
            if pin not in self.chips and buffer.enabled(self.levels.get(pin)):
                out.append(0x00)  # an empty connector's channel, on
        for pin, chip in self.chips.items():
            level = self.levels.get(pin, 1)
            if level == 0:
                selected += 1
                if clocked is not None:
                    driven = chip.exchange(clocked)
                else:
                    driven = 0xFF if chip.miso_bit() else 0x00
            else:
                bit = chip.idle_miso()
                driven = None if bit is None else (0xFF if bit else 0x00)
            buffer = self.buffers.get(pin)
            if buffer is not None and not buffer.enabled(level):
                driven = None  # the channel's output is high-impedance
            if driven is not None:
                out.append(driven)
        return out, selected

    def _resolve(self, driven):
        if not driven:  # nobody drives: the pad's pull
            return 0xFF if self.pulls.get(self.miso_pin, _Pin.PULL_DOWN) == _Pin.PULL_UP else 0x00
        value = 0xFF
        for d in driven:
            value &= d  # wired-AND: see the top of this file
        return value

    def miso_level(self):
        # The MISO pin read as a GPIO input.
        return self._resolve(self._drivers()[0]) & 1

    def exchange(self, byte):
        driven, selected = self._drivers(byte)
        if selected != 1:
            self.bus_errors += 1
        if self.miso_pin is not None and self.funcs.get(self.miso_pin) != "spi":
            return 0x00  # the pin is not the SPI's: its receiver sees no line
        return self._resolve(driven)

    def unique_id(self):
        return self.uid

    def freq(self, hz=None):
        return 125000000


BOARD = Board()
Pin = BOARD.Pin
SPI = BOARD.SPI
WDT = BOARD.WDT
Timer = BOARD.Timer
unique_id = BOARD.unique_id
freq = BOARD.freq
reset = BOARD.reset
attach = BOARD.attach
set_clock = BOARD.set_clock
