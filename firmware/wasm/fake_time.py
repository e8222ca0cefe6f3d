# A virtual `time` for the firmware under real MicroPython: ticks_ms only moves when the
# firmware sleeps, so the main loop runs as fast as the interpreter allows and every run is
# the same. ticks_add/ticks_diff are MicroPython's own (ticks wrap at 2**30 on every port),
# and the clock starts just before the wrap so the firmware's tick arithmetic is exercised.
#
# The harness installs it with sys.modules["time"] = fake_time. Each sleep_ms() counts one
# sleep, advances the clock and calls on_sleep(elapsed_ms), through which the harness
# places cards and types host commands; once end_ms of virtual time has passed it raises
# KeyboardInterrupt, as mpremote's Ctrl-C would, which bounds the firmware's endless loop.
# SPI bytes take time too (advance_us, called by fake_machine), so a poll round lasts
# longer than its sleep.

import time as _real

ticks_add = _real.ticks_add
ticks_diff = _real.ticks_diff

TICKS_PERIOD = 1 << 30
START = TICKS_PERIOD - 700  # the tick counter wraps 700 ms after boot

elapsed = 0  # virtual milliseconds since boot
_us = 0  # and microseconds into the current one (SPI bytes advance it: advance_us)
sleeps = 0
end_ms = None
on_sleep = None


def reset(end_ms_=None, on_sleep_=None):
    global elapsed, sleeps, end_ms, on_sleep, _us
    elapsed = 0
    _us = 0
    sleeps = 0
    end_ms = end_ms_
    on_sleep = on_sleep_


def ticks_ms():
    return (START + elapsed) & (TICKS_PERIOD - 1)


def ticks_us():
    return ((START + elapsed) * 1000 + _us) & (TICKS_PERIOD - 1)


def advance_us(us):
    # Time the emulated board spends clocking SPI bytes (fake_machine calls it per byte).
    global elapsed, _us
    _us += us
    if _us >= 1000:
        elapsed += _us // 1000
        _us %= 1000


def sleep_ms(ms):
    global elapsed, sleeps
    if ms > 0:
        elapsed += ms
    sleeps += 1
    if end_ms is not None and elapsed >= end_ms:
        raise KeyboardInterrupt
    if on_sleep is not None:
        on_sleep(elapsed)


def sleep_us(us):
    sleep_ms(us // 1000)


def sleep(s):
    sleep_ms(int(s * 1000))
