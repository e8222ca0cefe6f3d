"""Fuzzing the host's hub-line parser: no byte sequence makes it raise; bad lines counted."""

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.drivers.hub_protocol import MAX_LINE, LineParser, crc8, encode_line

HELLO = encode_line(0, "HELLO", "1.0", "0.1.0", 2, "ABCD")
GOOD = [HELLO, encode_line(1, "TAG", 0, "DEADBEEF"), encode_line(2, "GONE", 0), encode_line(3, "HB", 1, 2, 3, 4, 5)]


@settings(max_examples=500)
@given(st.binary(max_size=2000), st.lists(st.integers(1, 200), max_size=30))
def test_random_bytes_never_raise_and_stay_bounded(data, cuts):
    parser = LineParser()
    pos = 0
    for cut in cuts + [len(data)]:
        parser.feed(data[pos:pos + cut])
        pos += cut
    assert len(parser._buf) <= MAX_LINE + 1
    # A newline later, good lines are understood again.
    assert [m.type for m in parser.feed(b"\n" + HELLO)] == ["HELLO"]


def _mutate(line: bytes, data) -> bytes:
    i = data.draw(st.integers(0, len(line) - 2))
    b = data.draw(st.integers(0, 255).filter(lambda b: b not in (line[i], 0x0A)))
    return line[:i] + bytes([b]) + line[i + 1:]


@settings(max_examples=500)
@given(st.data())
def test_a_mutated_line_is_never_taken_for_a_different_good_one(data):
    line = data.draw(st.sampled_from(GOOD[1:]))
    bad = _mutate(line, data)
    parser = LineParser()
    parser.feed(HELLO)
    msgs = parser.feed(bad)
    # CRC-8 catches every single-byte change in the body; a change to the checksum
    # digits is a bad checksum too. Either way: nothing delivered, one bad line counted.
    assert msgs == []
    assert sum(v for k, v in parser.counts.items() if k not in ("ok",)) == 1


@given(st.integers(0, 255))
def test_wrong_checksums_are_counted(crc):
    body = b"1 TAG 0 DEADBEEF"
    parser = LineParser()
    parser.feed(HELLO)
    msgs = parser.feed(body + b"*%02X\n" % crc)
    assert (len(msgs) == 1) == (crc == crc8(body))
    assert parser.counts["bad_crc"] == (0 if crc == crc8(body) else 1)
