"""Hub messages to reader events (pure session logic), and the sink contract."""

import queue

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.hub_session import HubSession
from clacks_hw.drivers.reader_events import FAULT, GONE, ONLINE, RECOVERED, TAG
from clacks_hw.drivers.hub_protocol import encode_line
from clacks_hw.testing.clock import FakeClock
from tests.fakes.reader_serial import FakeSerialLink

HELLO = encode_line(0, "HELLO", "1.0", "0.1.0", 2, "ABCD")


def test_tag_gone_and_faults_map_to_events():
    s = HubSession(FakeClock())
    s.connected()
    stream = (HELLO + encode_line(1, "TAG", 1, "DEADBEEF") + encode_line(2, "TAG", 1, "DEADBEEF")
              + encode_line(3, "ERR", 0, "noanswer") + encode_line(4, "ERR", 0, "recovered")
              + encode_line(5, "GONE", 1) + encode_line(6, "GONE", 1))
    events = s.feed(stream)
    assert [(e.kind, e.reader, e.uid) for e in events] == [
        (ONLINE, None, None), (TAG, 1, "DEADBEEF"), (FAULT, 0, None), (RECOVERED, 0, None), (GONE, 1, "DEADBEEF")]


def test_unknown_protocol_major_is_one_fault_and_nothing_else():
    s = HubSession(FakeClock())
    s.connected()
    events = s.feed(encode_line(0, "HELLO", "3.1", "9.9.9", 2, "ABCD") + encode_line(1, "TAG", 0, "DEADBEEF"))
    assert [e.kind for e in events] == [FAULT]
    assert "3.1" in events[0].detail and not s.online


def test_info_is_repeated_until_hello_arrives():
    clock = FakeClock()
    s = HubSession(clock, info_every=1.0)
    first, _ = s.connected()
    assert b" INFO*" in first
    clock.advance(1.0)
    assert b" INFO*" in s.poll()[0]
    s.feed(HELLO)
    clock.advance(1.0)
    assert b"INFO" not in s.poll()[0]


def test_events_go_to_a_queue_and_a_failing_callback_does_not_stop_the_reader():
    clock = FakeClock()
    link = FakeSerialLink(clock)
    link.on_write = lambda d: HELLO if b"INFO" in d else b""
    q = queue.Queue()
    queued = CardReader("x", q, clock=clock, serial_factory=link.factory)
    queued.step()  # opens the port, sends INFO
    queued.step()  # reads the HELLO
    calls = []

    def broken_sink(event):
        calls.append(event)
        raise RuntimeError("daemon bug")

    link = FakeSerialLink(clock)
    link.on_write = lambda d: HELLO if b"INFO" in d else b""
    reader = CardReader("x", broken_sink, clock=clock, serial_factory=link.factory)
    for _ in range(3):
        reader.step()
    link.send(encode_line(1, "TAG", 0, "DEADBEEF"))
    reader.step()
    assert [e.kind for e in calls] == [ONLINE, TAG]
    assert q.get_nowait().kind == ONLINE


def test_reset_request_is_sent_from_the_reader_thread():
    clock = FakeClock()
    link = FakeSerialLink(clock)
    reader = CardReader("x", lambda e: None, clock=clock, serial_factory=link.factory)
    reader.step()
    reader.reset_reader(2)
    reader.step()
    assert any(b" RESET 2*" in w for w in link.written)


def test_a_sequence_gap_asks_for_the_snapshot_and_reconciles_it():
    clock = FakeClock()
    s = HubSession(clock)
    s.connected()
    s.feed(HELLO + encode_line(1, "HB", 1, 1, 0, 0, 0))
    clock.advance(3.0)
    assert b"INFO" not in s.poll()[0]
    # seq 2 (the TAG of a card now resting on reader 0) was lost on the wire:
    assert s.feed(encode_line(3, "HB", 2, 2, 1, 0, 0)) == []
    out = s.poll()[0]
    assert b" INFO*" in out and b"INFO" not in s.poll()[0]  # asked once
    events = s.feed(encode_line(4, "HELLO", "1.0", "0.1.0", 2, "ABCD") + encode_line(5, "TAG", 0, "DEADBEEF")
                    + encode_line(6, "HB", 2, 2, 1, 0, 0))
    assert [(e.kind, e.reader, e.uid) for e in events] == [(TAG, 0, "DEADBEEF")]
    assert s.feed(encode_line(7, "TAG", 0, "DEADBEEF")) == []  # resting: nothing more


def test_gap_requests_are_spaced_out_on_a_noisy_line():
    clock = FakeClock()
    s = HubSession(clock, resync_every=0.5)
    s.connected()
    s.feed(HELLO)
    asked = 0
    for k in range(20):  # a gap on every line for a second
        s.feed(encode_line(2 * k + 2, "HB", 1, 1, 0, 0, 0))
        asked += s.poll()[0].count(b" INFO*")
        clock.advance(0.05)
    assert 1 <= asked <= 3


def test_a_held_miso_is_one_hub_fault_per_connection_from_hello_or_err_and_none_for_a_lone_reader(caplog):
    held = encode_line(0, "HELLO", "1.2", "0.1.0", 4, "ABCD", "89,89,89,89", "held")
    s = HubSession(FakeClock())
    s.connected()
    events = s.feed(held + encode_line(1, "ERR", "-", "misoheld") + encode_line(2, "ERR", "-", "misoheld"))
    assert [(e.kind, e.reader) for e in events] == [(ONLINE, None), (FAULT, None)] and events[1].detail == "misoheld"
    assert "fix: fit the MISO buffers between the readers and the hub" in caplog.text
    s.connected()  # a new connection (INFO after boot): the HELLO alone tells it again
    assert [e.kind for e in s.feed(held)] == [ONLINE, FAULT]
    s.connected()
    lone = encode_line(0, "HELLO", "1.2", "0.1.0", 1, "ABCD", "89", "held")
    assert [e.kind for e in s.feed(lone)] == [ONLINE]
