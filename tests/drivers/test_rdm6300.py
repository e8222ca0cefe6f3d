"""RDM6300 frames: checksum, framing, and repeated frames as one tap with timeout removal."""

from hypothesis import given
from hypothesis import strategies as st

from clacks_hw.drivers.rdm6300 import Rdm6300Parser, TagPresence, make_frame
from clacks_hw.testing.clock import FakeClock

UID = "1A0034F2C1"


def test_known_frame_checksum():
    # 0x1A ^ 0x00 ^ 0x34 ^ 0xF2 ^ 0xC1 = 0x1D
    assert make_frame(UID) == b"\x021A0034F2C11D\x03"
    assert Rdm6300Parser().feed(make_frame(UID)) == [UID]


def test_bad_checksum_is_dropped_and_counted():
    parser = Rdm6300Parser()
    assert parser.feed(b"\x021A0034F2C11E\x03") == []
    assert parser.counts["bad_checksum"] == 1


def test_split_frames_garbage_and_truncated_frames_resync():
    parser = Rdm6300Parser()
    stream = b"\xff\x00" + make_frame(UID)[:7] + make_frame(UID) + b"\x0212\x03" + make_frame(UID)
    uids = [u for i in range(len(stream)) for u in parser.feed(stream[i:i + 1])]
    assert uids == [UID, UID]
    assert parser.counts["garbage"] == 2 and parser.counts["bad_frame"] == 2


@given(st.binary(max_size=500))
def test_random_bytes_never_raise(data):
    parser = Rdm6300Parser()
    parser.feed(data)
    assert parser.feed(make_frame(UID)) == [UID]


def test_repeated_frames_are_one_tap_and_silence_is_removal():
    clock = FakeClock()
    presence = TagPresence(clock, timeout=0.5)
    events = []
    for _ in range(40):  # the reader repeats the frame while the card rests (4 s)
        events += presence.seen(UID)
        clock.advance(0.1)
        events += presence.expire()
    assert events == [("tag", UID)]
    clock.advance(0.3)
    assert presence.expire() == []  # 0.4 s since the last frame: not yet
    clock.advance(0.2)
    assert presence.expire() == [("gone", UID)]
    assert presence.seen(UID) == [("tag", UID)]  # put back: a new tap


def test_another_card_without_a_gap_is_gone_then_tag():
    presence = TagPresence(FakeClock(), timeout=0.5)
    presence.seen(UID)
    assert presence.seen("0000000001") == [("gone", UID), ("tag", "0000000001")]
