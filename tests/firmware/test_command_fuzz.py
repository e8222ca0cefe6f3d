"""Fuzzing the hub's command parser: any bytes, no exception, every bad line counted."""

from hypothesis import given, settings
from hypothesis import strategies as st

from clacks_hw.testing.emulated_hub import load_firmware

proto = load_firmware().hubproto
PING = proto.encode(7, "PING", ())


@settings(max_examples=400)
@given(st.binary(max_size=600), st.lists(st.integers(1, 64), max_size=20))
def test_random_bytes_in_random_chunks_never_raise(data, cuts):
    reader = proto.CommandReader()
    pos = 0
    for cut in cuts + [len(data)]:
        for item in reader.feed(data[pos:pos + cut]):
            assert item[1] in ("PING", "INFO", "RESET", "NAK")
        pos += cut
    # Whatever came before, a newline resynchronises: a good line is then understood.
    assert reader.feed(b"\n" + PING) == [(7, "PING", None)]


@given(st.binary(min_size=proto.MAX_LINE + 2, max_size=2000).filter(lambda b: b"\n" not in b))
def test_over_long_lines_are_dropped_and_counted(junk):
    reader = proto.CommandReader()
    assert reader.feed(junk + b"\n") == []
    assert reader.bad_kinds == {"too_long": 1}
    assert reader.feed(PING) == [(7, "PING", None)]


@given(st.integers(0, 255))
def test_wrong_checksums_are_counted_not_obeyed(crc):
    body = b"9 RESET *"
    line = body + b"*%02X\n" % crc
    reader = proto.CommandReader()
    out = reader.feed(line)
    if crc == proto.crc8(body):
        assert out == [(9, "RESET", "*")]
    else:
        assert out == [] and reader.bad_kinds == {"bad_crc": 1}


def test_unknown_command_with_good_crc_is_answered_with_nak():
    reader = proto.CommandReader()
    assert reader.feed(proto.encode(12, "REBOOT", ())) == [(12, "NAK", "unknown")]
    assert reader.bad == 1
