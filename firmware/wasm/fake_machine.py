# A fake `machine` module for running the firmware under real MicroPython (the WebAssembly
# port, see run.mjs). MicroPython-only syntax and library: no threading, dataclasses, typing,
# annotations or f-strings. It is stricter than tests/fakes/machine.py where the RP2040 port
# is strict: SPI pins must belong to the chosen SPI bus, write_readinto needs buffers of one
# length, the watchdog timeout has the RP2040 limit.
#
# The harness installs it with sys.modules["machine"] = fake_machine; chips are attached to
# chip-select pins with attach(pin, chip), and SPI bytes go to the chip whose CS is low.

_levels = {}  # pin id -> level
_chips = {}  # cs pin id -> chip (fake_chip.FakeMFRC522)
_uid = b"\xe6\x61\x41\x03\xe7\x45\x2d\x2f"
wdt = None  # the WDT the firmware created
timers = []  # Timers the firmware created
bus_errors = 0  # SPI bytes clocked with no chip, or several, selected
selects = 0  # chip-select falling edges (SPI transactions)

# RP2040 SPI pin functions (datasheet 2.19.2), by bus: SCK, MOSI (TX), MISO (RX).
_SPI_PINS = {
    0: ((2, 6, 18, 22), (3, 7, 19, 23), (0, 4, 16, 20)),
    1: ((10, 14, 26), (11, 15, 27), (8, 12, 24, 28)),
}
WDT_MAX_MS = 8388  # RP2040 port: larger timeouts raise ValueError


def reset():
    # A fresh board: no chips, all pins high, no watchdog.
    global wdt, bus_errors, selects
    _levels.clear()
    _chips.clear()
    del timers[:]
    wdt = None
    bus_errors = 0
    selects = 0


def attach(cs_pin, chip):
    _chips[cs_pin] = chip


def _set_level(pin, level):
    global selects
    old = _levels.get(pin, 1)
    _levels[pin] = level
    chip = _chips.get(pin)
    if chip is not None and old != level:
        if level == 0:
            selects += 1
            chip.select()
        else:
            chip.deselect()


def _exchange(byte):
    global bus_errors
    chip = None
    n = 0
    for pin in _chips:
        if _levels.get(pin, 1) == 0:
            chip = _chips[pin]
            n += 1
    if n != 1:
        bus_errors += 1
        return 0xFF
    return chip.exchange(byte)


def _pin_id(p):
    return p.id if isinstance(p, Pin) else p


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int) or not 0 <= id <= 29:
            raise ValueError("invalid pin")
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
            return _levels.get(self.id, 1)
        _set_level(self.id, 1 if v else 0)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    MSB = 0
    LSB = 1

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        if id not in _SPI_PINS:
            raise ValueError("SPI(%r) doesn't exist" % (id,))
        for pin, allowed, name in zip((sck, mosi, miso), _SPI_PINS[id], ("SCK", "MOSI", "MISO")):
            if pin is not None and _pin_id(pin) not in allowed:
                raise ValueError("bad %s pin" % name)
        self.id = id
        self.baudrate = baudrate
        self.bytes = 0

    def _xfer(self, byte):
        self.bytes += 1
        return _exchange(byte)

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


class WDT:
    def __init__(self, id=0, timeout=5000):
        global wdt
        if timeout > WDT_MAX_MS:
            raise ValueError("timeout too large")
        self.timeout = timeout
        self.feeds = 0
        wdt = self

    def feed(self):
        self.feeds += 1


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=1, period=-1, callback=None, freq=-1):
        self.mode = mode
        self.period = period
        self.callback = callback
        timers.append(self)

    def deinit(self):
        self.callback = None


def unique_id():
    return _uid


def freq(hz=None):
    return 125000000
