# Entry point: MicroPython runs main.py at boot. Builds the hub from config.py and runs it
# forever, speaking the protocol on the USB serial port (stdin/stdout).

from hub import Hub
from mfrc522 import MFRC522

_keep = []  # objects that must outlive main() (the maintenance-mode timer)


class UsbPort:
    # Non-blocking byte I/O on the USB CDC serial port.

    def __init__(self):
        import sys
        import select
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        data = bytearray()
        while len(data) < 128 and self._poll.poll(0):
            b = self._in.read(1)
            if not b:
                break  # end of input: poll keeps saying "readable", read gives nothing
            data.extend(b)
        return bytes(data)

    def write(self, data):
        self._out.write(data)


def board_id(machine):
    return "".join(["%02X" % b for b in machine.unique_id()])


def miso_released(cfg, machine, clock, make_spi):
    # With every reader deselected nothing may drive MISO, so the line follows the Pico's own
    # pull-up, then its pull-down (about 50 kohm; 1 ms is ample to settle). A reader that
    # drives it while deselected (clone boards without the MISO buffer: docs/readers.md)
    # holds it whichever pull is on, and corrupts every other reader's answers.
    pin = machine.Pin(cfg.MISO, machine.Pin.IN, machine.Pin.PULL_UP)
    clock.sleep_ms(1)
    high = pin.value()
    pin.init(machine.Pin.IN, machine.Pin.PULL_DOWN)
    clock.sleep_ms(1)
    low = pin.value()
    make_spi()  # the pin back to the SPI (the same bus object on the RP2040 port)
    return high == 1 and low == 0


def build(cfg, machine, clock, port):
    # Everything hardware-specific comes in through `machine` and `cfg`, so the emulation
    # runs this same function with a fake machine module.
    n = max(1, min(cfg.READERS, len(cfg.CS_PINS), 4))
    if cfg.RST_PIN is not None:
        rst = machine.Pin(cfg.RST_PIN, machine.Pin.OUT, value=0)
        clock.sleep_ms(1)
        rst.value(1)  # one hard reset of every reader at boot
        clock.sleep_ms(50)  # oscillator start-up after reset (datasheet 8.8.2)
    def make_spi():
        return machine.SPI(cfg.SPI_ID, baudrate=cfg.SPI_BAUD, polarity=0, phase=0,
                           sck=machine.Pin(cfg.SCK), mosi=machine.Pin(cfg.MOSI),
                           miso=machine.Pin(cfg.MISO))

    spi = make_spi()
    chips = [MFRC522(spi, machine.Pin(cs, machine.Pin.OUT, value=1), clock) for cs in cfg.CS_PINS[:n]]
    for cs in cfg.CS_PINS[n:]:  # a connector with no reader: its MISO buffer channel stays off
        machine.Pin(cs, machine.Pin.OUT, value=1)
    released = miso_released(cfg, machine, clock, make_spi)  # every CS is high by now
    wdt = machine.WDT(timeout=cfg.WDT_MS)
    return Hub(chips, port, clock, wdt=wdt, board_id=board_id(machine), miso_ok=released, poll_ms=cfg.POLL_MS,
               gone_after=cfg.GONE_AFTER, hb_ms=cfg.HB_MS, check_every=cfg.CHECK_EVERY,
               retry_ms=cfg.RETRY_MS, retry_max_ms=cfg.RETRY_MAX_MS,
               dead_reboot_ms=cfg.DEAD_REBOOT_MS)


def main():
    import machine
    import time
    import config
    hub = build(config, machine, time, UsbPort())
    try:
        hub.run()
    except KeyboardInterrupt:
        # Ctrl-C (mpremote) drops to the REPL for updates. The watchdog cannot be stopped,
        # so a timer keeps feeding it; `mpremote reset` then boots the new firmware.
        wdt = hub.wdt
        _keep.append(machine.Timer(period=1000, callback=lambda t: wdt.feed()))
        raise


if __name__ == "__main__":
    main()
