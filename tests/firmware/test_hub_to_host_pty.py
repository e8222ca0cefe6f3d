"""End to end: the real firmware loop on fake chips, a real pty, the host's real driver
(pyserial in its thread). A card placed is exactly one tap; resting adds nothing; removing
it is one GONE."""

import queue
import time

import pytest

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.hub_probe import probe_hub
from clacks_hw.drivers.reader_events import GONE, ONLINE, TAG
from clacks_hw.testing.emulated_hub import EmulatedHub

UID = "04A2B3C4D5E680"


def arrivals(lines):
    """TAG lines that report an arrival: not the snapshot TAGs between a HELLO that answers
    the host's INFO and the next HB (PROTOCOL.md). The boot HELLO (seq 0) answers nothing: the
    TAGs of the first poll round after it are arrivals."""
    out, snapshot = [], False
    for line in lines:
        if b" HELLO " in line:
            snapshot = not line.startswith(b"0 ")
        elif b" HB " in line:
            snapshot = False
        elif b" TAG " in line and not snapshot:
            out.append(line)
    return out


def next_event(q, kinds=(TAG, GONE, ONLINE)):
    while True:
        event = q.get(timeout=5)
        if event.kind in kinds:
            return event


@pytest.fixture
def hub_and_reader():
    with EmulatedHub(readers=2, hb_ms=100) as hub:
        events = queue.Queue()
        reader = CardReader(hub.path, events).start()
        try:
            assert next_event(events).kind == ONLINE
            yield hub, reader, events
        finally:
            reader.stop()
        assert hub.error is None and hub.board.bus_errors == 0


def test_place_rest_remove_is_one_tap_and_one_gone(hub_and_reader):
    hub, reader, events = hub_and_reader
    hub.place_card(0, bytes.fromhex(UID))
    tap = next_event(events)
    assert (tap.kind, tap.reader, tap.uid) == (TAG, 0, UID)
    # Resting: wait for several heartbeats (each proves more polls went by), no event.
    seen_hb = len([x for x in hub.lines if b" HB " in x])
    deadline = time.monotonic() + 5
    while len([x for x in hub.lines if b" HB " in x]) < seen_hb + 4:
        assert time.monotonic() < deadline, "the emulated hub stopped sending heartbeats"
        assert events.empty()
        with pytest.raises(queue.Empty):
            events.get(timeout=0.1)
    hub.remove_card(0)
    gone = next_event(events)
    assert (gone.kind, gone.reader, gone.uid) == (GONE, 0, UID)
    assert len(arrivals(hub.lines)) == 1
    assert reader.counts["bad_crc"] == 0 and reader.counts["seq_gap"] == 0


def test_probe_hub_reads_the_hello():
    with EmulatedHub(readers=3) as hub:
        result = probe_hub(hub.path, timeout=3)
    assert result.ok, result.message
    assert result.hello["readers"] == 3 and result.hello["board"] == "E6614103E7452D2F"
