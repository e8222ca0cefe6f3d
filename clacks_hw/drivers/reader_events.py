"""What a card reader tells the daemon: one event per happening, the same for every kind of reader."""

from __future__ import annotations

from dataclasses import dataclass

TAG = "tag"  # a card arrived: one tap
GONE = "gone"  # that card left the reader
ONLINE = "online"  # the reader (hub) answers; detail says what it is
OFFLINE = "offline"  # the port is gone or silent; retried with backoff
FAULT = "fault"  # one reader of the hub (or the hub, reader=None) reports a fault
RECOVERED = "recovered"  # a faulty reader works again


@dataclass(frozen=True)
class ReaderEvent:
    kind: str
    reader: int | None = None
    uid: str | None = None
    detail: str = ""
