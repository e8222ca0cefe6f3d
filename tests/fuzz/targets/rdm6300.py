"""RDM6300 frames: ``Rdm6300Parser`` and ``Rdm6300Session`` (bytes from the reader to the card
events the game sees), fed in pieces as a UART delivers them, time passing between."""

from __future__ import annotations

import re
from functools import cache

from hypothesis import strategies as st

from clacks_hw.drivers.rdm6300 import Rdm6300Session
from clacks_hw.drivers.rdm6300 import ETX, STX, Rdm6300Parser, make_frame
from clacks_hw.testing.cards import all_cards
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.rdm6300 import em4100_uid_of

from ..harness import Target, Violation
from ..mutation import mutated
from .hub import events_ok

UID = re.compile(r"[0-9A-F]{10}")
CHUNK = 5  # bytes per read


def check(data: bytes) -> None:
    for uid in Rdm6300Parser().feed(data):
        if not UID.fullmatch(uid):
            raise Violation("a frame read as something other than a card number", repr(uid))
    clock = FakeClock()
    session = Rdm6300Session(clock)
    session.connected()
    for at in range(0, len(data), CHUNK):
        events_ok(session.feed(data[at:at + CHUNK]), UID)
        clock.advance(0.2)
        events_ok(session.poll()[1], UID)


@cache
def seeds() -> list[bytes]:
    frames = [make_frame(em4100_uid_of(card)) for card in all_cards()[:8]]
    return [b"".join(frames), frames[0] * 5, b"\x00\xff" + frames[1] + b"garbage" + frames[2]] + frames


@st.composite
def frame(draw) -> bytes:
    """A frame of a random card number, its checksum right or not, its parts perhaps wrong."""
    uid = draw(st.binary(min_size=5, max_size=5)).hex()
    body = make_frame(uid)
    if draw(st.booleans()):
        body = body.lower() if draw(st.booleans()) else body[:draw(st.integers(0, len(body)))]
    return draw(st.sampled_from([b"", bytes([STX]), bytes([ETX]), b"\r\n"])) + body


TARGET = Target("rdm6300", "Rdm6300Parser and Rdm6300Session (frames to card events)",
                st.deferred(lambda: st.lists(frame() | st.sampled_from(seeds()) | st.binary(max_size=8), min_size=1,
                                             max_size=12).map(b"".join)
                            | mutated(seeds(), (bytes([STX]), bytes([ETX]), b"0", b"F", b"f", b"G"))),
                seeds, check=check)
