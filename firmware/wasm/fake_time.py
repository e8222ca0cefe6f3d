# A virtual `time` for the firmware under real MicroPython: ticks_ms only moves when the
# firmware sleeps, so the main loop runs as fast as the interpreter allows and every run is
# the same. ticks_add/ticks_diff are MicroPython's own (ticks wrap at 2**30 on every port),
# and the clock starts just before the wrap so the firmware's tick arithmetic is exercised.
#
# The harness installs it with sys.modules["time"] = fake_time. Each sleep_ms() counts one
# sleep, advances the clock and calls on_sleep(elapsed_ms), through which the harness
# places cards and types host commands; after max_sleeps sleeps it raises
# KeyboardInterrupt, as mpremote's Ctrl-C would, which bounds the firmware's endless loop.

import time as _real

ticks_add = _real.ticks_add
ticks_diff = _real.ticks_diff

TICKS_PERIOD = 1 << 30
START = TICKS_PERIOD - 700  # the tick counter wraps 700 ms after boot

elapsed = 0  # virtual milliseconds since boot
sleeps = 0
max_sleeps = None
on_sleep = None


def reset(max_sleeps_=None, on_sleep_=None):
    global elapsed, sleeps, max_sleeps, on_sleep
    elapsed = 0
    sleeps = 0
    max_sleeps = max_sleeps_
    on_sleep = on_sleep_


def ticks_ms():
    return (START + elapsed) & (TICKS_PERIOD - 1)


def ticks_us():
    return ((START + elapsed) * 1000) & (TICKS_PERIOD - 1)


def sleep_ms(ms):
    global elapsed, sleeps
    if ms > 0:
        elapsed += ms
    sleeps += 1
    if max_sleeps is not None and sleeps > max_sleeps:
        raise KeyboardInterrupt
    if on_sleep is not None:
        on_sleep(elapsed)


def sleep_us(us):
    sleep_ms(us // 1000)


def sleep(s):
    sleep_ms(int(s * 1000))
