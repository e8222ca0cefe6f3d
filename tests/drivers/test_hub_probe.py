"""probe_hub for `clacks-hw doctor`: bounded, with a clear answer either way."""

from clacks_hw.drivers.hub_probe import probe_hub
from clacks_hw.drivers.hub_protocol import encode_line
from clacks_hw.testing.clock import FakeClock
from tests.fakes.reader_serial import FakeSerialLink


def test_missing_port_is_a_clear_message():
    result = probe_hub("/dev/does-not-exist", timeout=0.2)
    assert not result.ok and "cannot open /dev/does-not-exist" in result.message


def test_silent_device_times_out_on_the_clock():
    clock = FakeClock()
    link = FakeSerialLink(clock)
    link.send(b"\x00\xffnoise\n")
    result = probe_hub("x", timeout=2.0, clock=clock, serial_factory=link.factory)
    assert not result.ok and "no HELLO" in result.message and "1 bad line" in result.message
    assert 2.0 <= sum(clock.sleeps) < 2.1


def test_hub_of_another_major_version_is_named():
    link = FakeSerialLink()
    link.on_write = lambda d: encode_line(0, "HELLO", "2.0", "5.0.0", 1, "AB")
    result = probe_hub("x", clock=FakeClock(), serial_factory=link.factory)
    assert not result.ok and "protocol 2.0" in result.message
