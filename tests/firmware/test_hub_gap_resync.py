"""A damaged TAG line of a card resting on a reader: the host sees the sequence gap, asks the
hub for its snapshot (INFO) and still reports the card, exactly once. The real firmware loop on
fake chips, a real pty, the host's real driver; the line noise hits the hub's end of the wire."""

from __future__ import annotations

import queue
import time

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.reader_events import GONE, ONLINE, TAG
from clacks_hw.testing.emulated_hub import EmulatedHub

UID = "04A2B3C4D5E680"


def damage_first_tag(port) -> list[bytes]:
    """Line noise: the first TAG line the hub sends has one character changed (its CRC no
    longer matches), as a glitch on the USB serial line would."""
    write, damaged = port.write, []

    def noisy(data: bytes) -> None:
        if not damaged and b" TAG " in data:
            damaged.append(data)
            data = data.replace(b" TAG ", b" TAH ", 1)
        write(data)

    port.write = noisy
    return damaged


def events_until(q, deadline: float) -> list:
    out = []
    while time.monotonic() < deadline:
        try:
            out.append(q.get(timeout=0.05))
        except queue.Empty:
            pass
    return out


def test_a_resting_card_whose_tag_line_was_damaged_is_reported_once():
    with EmulatedHub(readers=1, hb_ms=100) as hub:
        events = queue.Queue()
        reader = CardReader(hub.path, events).start()
        try:
            assert events.get(timeout=5).kind == ONLINE
            damaged = damage_first_tag(hub.port)
            hub.place_card(0, bytes.fromhex(UID))  # ... and it stays there
            seen = events_until(events, time.monotonic() + 1.5)  # 15 heartbeats
        finally:
            reader.stop()
    assert damaged, "the card's TAG line was never sent"
    assert reader.counts["seq_gap"] >= 1  # the host noticed a line was lost ...
    assert [(e.kind, e.reader, e.uid) for e in seen if e.kind in (TAG, GONE)] == [(TAG, 0, UID)]
    assert sum(1 for line in hub.lines if b" INFO" not in line and b" HELLO " in line) >= 2  # ... and asked
