"""The streaming hub-line parser: resync, bounds, counting, sequence gaps, versions."""

from clacks_hw.drivers.hub_protocol import MAX_LINE, LineParser, encode_line

HELLO = encode_line(0, "HELLO", "1.0", "0.1.0", 2, "ABCD")


def test_byte_by_byte_feeding_gives_the_same_messages():
    stream = HELLO + encode_line(1, "TAG", 0, "DEADBEEF") + encode_line(2, "GONE", 0)
    parser = LineParser()
    msgs = [m for i in range(len(stream)) for m in parser.feed(stream[i:i + 1])]
    assert [m.type for m in msgs] == ["HELLO", "TAG", "GONE"]


def test_resyncs_after_garbage_and_counts_it():
    parser = LineParser()
    msgs = parser.feed(HELLO + b"\x00\xff\x02garbage*12\n" + b"half a li" + b"ne\n" + encode_line(1, "GONE", 1))
    assert [m.type for m in msgs] == ["HELLO", "GONE"]
    assert parser.counts["bad_char"] == 1 and parser.counts["bad_frame"] == 1


def test_over_long_line_is_dropped_whole_and_bounded_in_memory():
    parser = LineParser()
    parser.feed(HELLO)
    for _ in range(100):
        assert parser.feed(b"X" * 1000) == []
    assert len(parser._buf) <= MAX_LINE + 1
    assert [m.type for m in parser.feed(b"\n" + encode_line(1, "GONE", 0))] == ["GONE"]
    assert parser.counts["too_long"] == 1


def test_sequence_gap_is_counted_but_the_line_is_kept():
    parser = LineParser()
    msgs = parser.feed(HELLO + encode_line(1, "HB", 1, 2, 3, 4, 5) + encode_line(5, "TAG", 0, "DEADBEEF"))
    assert msgs[-1].type == "TAG"
    assert parser.counts["seq_gap"] == 1 and parser.counts["lost"] == 3


def test_wraparound_is_not_a_gap_and_a_rebooted_hub_is_not_a_gap():
    parser = LineParser()
    parser.feed(HELLO + encode_line(1, "GONE", 0))
    parser.feed(encode_line(2, "GONE", 0))
    parser.feed(HELLO)  # seq 0 again: the hub rebooted
    parser._expected_seq = 65535
    parser.feed(encode_line(65535, "GONE", 0) + encode_line(0, "GONE", 0))
    assert parser.counts["seq_gap"] == 0


def test_lines_before_hello_are_ignored():
    parser = LineParser()
    assert parser.feed(encode_line(7, "TAG", 0, "DEADBEEF")) == []
    assert parser.counts["ignored"] == 1
    assert [m.type for m in parser.feed(HELLO + encode_line(1, "TAG", 0, "DEADBEEF"))] == ["HELLO", "TAG"]


def test_unknown_major_version_shuts_the_door_until_a_good_hello():
    parser = LineParser()
    assert parser.feed(encode_line(0, "HELLO", "2.0", "9.0.0", 2, "ABCD") + encode_line(1, "TAG", 0, "DEADBEEF")) == []
    assert parser.counts["bad_version"] == 1 and parser.counts["ignored"] == 1
    assert "2.0" in parser.version_error
    assert [m.type for m in parser.feed(HELLO)] == ["HELLO"] and parser.version_error is None


def test_unknown_message_type_is_skipped_and_counted():
    parser = LineParser()
    msgs = parser.feed(HELLO + encode_line(1, "BLINK", 3) + encode_line(2, "GONE", 0))
    assert [m.type for m in msgs] == ["HELLO", "GONE"] and parser.counts["unknown"] == 1
