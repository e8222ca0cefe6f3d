"""The reader hub's protocol for one connection after another: bytes in, reader events and
commands out (pure; the clock injected), so tests drive it without a thread or a port."""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

from .hub_protocol import MISO_HELD_FIX, SEQ_MODULO, LineParser, Message, encode_line, fault_words, miso_held
from .reader_events import FAULT, GONE, ONLINE, RECOVERED, TAG, ReaderEvent

log = logging.getLogger(__name__)


class HubSession:
    """Reader-hub protocol state for one connection after another (pure, clock injected).

    Keeps the host's view of which card rests on which reader, so a card still resting after
    a reconnection or a hub reboot is not a second tap: the TAGs between a HELLO and the next
    HB are the hub's full picture, and cards missing from it are reported gone.
    """

    def __init__(self, clock, *, ping_after: float = 2.0, silence_timeout: float = 5.0,
                 info_every: float = 1.0, resync_every: float = 0.5) -> None:
        self.clock = clock
        self.ping_after, self.silence_timeout, self.info_every = ping_after, silence_timeout, info_every
        self.resync_every = resync_every  # at most one snapshot request per this, on a noisy line
        self._gaps = 0
        self._resync = False
        self.parser = LineParser(now=clock.now)
        self.present: dict[int, str] = {}
        self.info: dict[str, Any] | None = None
        self.counts: Counter[str] = Counter()
        self.online = False
        self._seq = 0
        self._snapshot: set[int] | None = None
        self._last_rx = self._last_info = clock.now()
        self._pinged = False
        self._ok_lines = 0
        self._version_reported = False
        self._miso_told = False  # this connection has reported a held MISO once

    def command(self, mtype: str, *args: object) -> bytes:
        line = encode_line(self._seq, mtype, *args)
        self._seq = (self._seq + 1) % SEQ_MODULO
        return line

    def connected(self) -> tuple[bytes, list[ReaderEvent]]:
        self.parser.reset_stream()
        self.online = False
        self._snapshot = None
        self._pinged = False
        self._version_reported = False
        self._miso_told = False
        self._last_rx = self._last_info = self.clock.now()
        return self.command("INFO"), []

    def feed(self, data: bytes) -> list[ReaderEvent]:
        events: list[ReaderEvent] = []
        msgs = self.parser.feed(data)
        if self.parser.counts["ok"] != self._ok_lines:  # any good line proves the link alive
            self._ok_lines = self.parser.counts["ok"]
            self._last_rx = self.clock.now()
            self._pinged = False
        if self.parser.counts["seq_gap"] != self._gaps:
            # Lines were lost: maybe a TAG or GONE. The hub's snapshot (INFO: HELLO, a TAG per
            # resting card, HB) reconciles ``present`` both ways, so nothing is missed or doubled.
            self._gaps = self.parser.counts["seq_gap"]
            self._resync = self.online
        if self.parser.version_error and not self._version_reported:
            self._version_reported = True
            events.append(ReaderEvent(FAULT, None, None, self.parser.version_error))
        for msg in msgs:
            self._message(msg, events)
        return events

    def poll(self) -> tuple[bytes, list[ReaderEvent], bool]:
        now = self.clock.now()
        self.parser.tick()
        out = b""
        if not self.online and now - self._last_info >= self.info_every:
            self._last_info = now
            out += self.command("INFO")  # the first INFO or its answer may have been lost
        elif self._resync and now - self._last_info >= self.resync_every:
            self._resync = False
            self._last_info = now
            self.counts["resync"] += 1
            out += self.command("INFO")
        quiet = now - self._last_rx
        if quiet >= self.silence_timeout:
            return out, [], False
        if quiet >= self.ping_after and not self._pinged:
            self._pinged = True
            out += self.command("PING")
        return out, [], True

    def _message(self, msg: Message, events: list[ReaderEvent]) -> None:
        f = msg.fields
        if msg.type == "HELLO":
            self.info = dict(f)
            self._snapshot = set(self.present)
            if not self.online:
                self.online = True
                events.append(ReaderEvent(ONLINE, None, None,
                                          f"reader hub {f['board']}: firmware {f['firmware']}, "
                                          f"protocol {f['proto']}, {f['readers']} reader(s)"))
            if miso_held(f):  # after INFO too: the boot's ERR - misoheld went to no one
                self._miso_fault(events)
        elif msg.type == "TAG":
            reader, uid = f["reader"], f["uid"]
            if self._snapshot is not None:
                self._snapshot.discard(reader)
            prev = self.present.get(reader)
            if prev == uid:
                self.counts["repeat_tag"] += 1  # the same card still resting: not a new tap
                return
            if prev is not None:
                events.append(ReaderEvent(GONE, reader, prev, "replaced"))
            self.present[reader] = uid
            events.append(ReaderEvent(TAG, reader, uid))
        elif msg.type == "GONE":
            if self._snapshot is not None:
                self._snapshot.discard(f["reader"])
            prev = self.present.pop(f["reader"], None)
            if prev is not None:
                events.append(ReaderEvent(GONE, f["reader"], prev))
        elif msg.type == "HB":
            if self._snapshot is not None:
                for reader in sorted(self._snapshot):
                    events.append(ReaderEvent(GONE, reader, self.present.pop(reader), "not on the hub any more"))
                self._snapshot = None
            log.debug("reader hub heartbeat: %s", f)
        elif msg.type == "ERR":
            where = "reader hub" if f["reader"] is None else f"card reader {f['reader']}"
            if f["reason"] == "recovered":
                log.info("%s recovered", where)
                events.append(ReaderEvent(RECOVERED, f["reader"], None, f["reason"]))
            elif f["reason"] == "misoheld":
                if not self._miso_told:  # its HELLO said so already
                    self._miso_fault(events)
            else:
                log.warning("%s fault: %s (%s)", where, f["reason"], fault_words(f["reason"]))
                events.append(ReaderEvent(FAULT, f["reader"], None, f["reason"]))
        elif msg.type == "NAK":
            log.warning("reader hub refused command %d: %s", f["ref"], f["reason"])

    def _miso_fault(self, events: list[ReaderEvent]) -> None:
        self._miso_told = True
        log.warning("reader hub fault: %s\n    fix: %s", fault_words("misoheld"), MISO_HELD_FIX)
        events.append(ReaderEvent(FAULT, None, None, "misoheld"))
