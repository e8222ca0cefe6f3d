"""The serial card reader's offline state: bounded exponential backoff on the fake clock,
one offline event per outage, back online when the device returns."""

from clacks_hw.drivers.card_reader import Backoff, CardReader
from clacks_hw.drivers.reader_events import OFFLINE, ONLINE, TAG
from clacks_hw.drivers.hub_protocol import encode_line
from clacks_hw.testing.clock import FakeClock
from tests.fakes.reader_serial import FakeSerialLink


def hub_answers(data: bytes) -> bytes:
    return encode_line(0, "HELLO", "1.0", "0.1.0", 1, "ABCD") + encode_line(1, "HB", 0, 0, 0, 0, 0) if b"INFO" in data else b""


def make(clock, link, **kw):
    events = []
    reader = CardReader("/dev/serial/by-id/hub", events.append, clock=clock,
                        serial_factory=link.factory, backoff=Backoff(0.5, 8.0), **kw)
    return reader, events


def run_until(reader, clock, cond, limit=100000):
    for _ in range(limit):
        if cond():
            return
        reader.step()
        clock.advance(0.001)  # the time a real read would take
    raise AssertionError("condition never met")


def test_missing_device_backs_off_exponentially_up_to_the_cap():
    clock = FakeClock(start=0.0)
    link = FakeSerialLink(clock)
    link.present = False
    reader, events = make(clock, link)
    run_until(reader, clock, lambda: len(link.failed_open_times) >= 8)
    gaps = [round(b - a, 1) for a, b in zip(link.failed_open_times, link.failed_open_times[1:])]
    assert gaps == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert [e.kind for e in events] == [OFFLINE]  # one event, not one per attempt
    assert "No such file" in events[0].detail
    assert max(clock.sleeps) <= 0.1  # never a long uninterruptible wait


def test_device_returning_brings_the_reader_online_and_resets_the_backoff():
    clock = FakeClock(start=0.0)
    link = FakeSerialLink(clock)
    link.present = False
    link.on_write = hub_answers
    reader, events = make(clock, link)
    run_until(reader, clock, lambda: len(link.failed_open_times) >= 4)
    link.present = True
    run_until(reader, clock, lambda: reader.state == ONLINE)
    assert [e.kind for e in events] == [OFFLINE, ONLINE]
    # Unplugged while online: offline again, and the first retry comes after 0.5 s again.
    link.unplug()
    run_until(reader, clock, lambda: reader.state == OFFLINE)
    t_lost = clock.now()
    run_until(reader, clock, lambda: len(link.failed_open_times) >= 5)
    assert 0.49 < link.failed_open_times[-1] - t_lost < 0.6
    link.present = True
    run_until(reader, clock, lambda: reader.state == ONLINE)
    assert [e.kind for e in events] == [OFFLINE, ONLINE, OFFLINE, ONLINE]


def test_silent_device_is_pinged_then_declared_offline():
    clock = FakeClock(start=0.0)
    link = FakeSerialLink(clock)
    link.on_write = hub_answers
    reader, events = make(clock, link, ping_after=2.0, silence_timeout=5.0)
    run_until(reader, clock, lambda: reader.state == ONLINE)
    link.on_write = None  # the hub goes quiet
    run_until(reader, clock, lambda: reader.state == OFFLINE)
    assert any(b" PING*" in w for w in link.written)
    assert "silent" in events[-1].detail


def test_resting_card_across_a_reconnection_is_not_a_second_tap():
    clock = FakeClock(start=0.0)
    link = FakeSerialLink(clock)
    card = encode_line(2, "TAG", 0, "DEADBEEF")
    link.on_write = lambda d: (encode_line(0, "HELLO", "1.0", "0.1.0", 1, "ABCD") + card
                               + encode_line(3, "HB", 0, 0, 0, 0, 0)) if b"INFO" in d else b""
    reader, events = make(clock, link)
    run_until(reader, clock, lambda: any(e.kind == TAG for e in events))
    link.unplug()
    run_until(reader, clock, lambda: reader.state == OFFLINE)
    link.present = True
    run_until(reader, clock, lambda: reader.state == ONLINE)
    for _ in range(50):
        reader.step()
    assert [e.kind for e in events].count(TAG) == 1
    assert reader.counts["repeat_tag"] == 1


def test_card_removed_while_unplugged_is_reported_gone_after_reconnection():
    clock = FakeClock(start=0.0)
    link = FakeSerialLink(clock)
    snapshot = [encode_line(1, "TAG", 0, "DEADBEEF")]
    link.on_write = lambda d: (encode_line(0, "HELLO", "1.0", "0.1.0", 1, "ABCD") + b"".join(snapshot)
                               + encode_line(3, "HB", 0, 0, 0, 0, 0)) if b"INFO" in d else b""
    reader, events = make(clock, link)
    run_until(reader, clock, lambda: any(e.kind == TAG for e in events))
    link.unplug()
    snapshot.clear()  # the card was taken away meanwhile
    run_until(reader, clock, lambda: reader.state == OFFLINE)
    link.present = True
    run_until(reader, clock, lambda: [e.kind for e in events][-1:] == ["gone"])
    assert events[-1].uid == "DEADBEEF"
