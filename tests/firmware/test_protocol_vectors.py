"""The firmware side of the shared vectors: it encodes every hub line exactly, and parses
(or rejects with the same error kind) every host line."""

import pytest

from clacks_hw.testing.emulated_hub import load_firmware
from tests.firmware.vectors import VECTORS, as_bytes

proto = load_firmware().hubproto


def test_crc_is_crc8_smbus_by_its_published_check_value():
    assert VECTORS["crc"]["name"] == "CRC-8/SMBUS"
    assert proto.crc8(b"123456789") == int(VECTORS["crc"]["check"], 16)


def test_limits_match_the_document():
    assert proto.MAX_LINE == VECTORS["max_line"]
    assert proto.PROTO_VERSION == VECTORS["protocol"]


@pytest.mark.parametrize("vec", VECTORS["hub_to_host"]["valid"], ids=lambda v: v["line"][:30])
def test_firmware_encodes_hub_lines_exactly(vec):
    line = vec["line"].rstrip("\r")
    seq, mtype, *args = line.rsplit("*", 1)[0].split(" ")
    assert proto.encode(int(seq), mtype, args) == (line + "\n").encode("ascii")


@pytest.mark.parametrize("vec", VECTORS["host_to_hub"]["valid"], ids=lambda v: v["line"][:30])
def test_firmware_parses_host_commands(vec):
    seq, cmd, target = proto.parse_command(as_bytes(vec["line"]) + b"\n")
    assert (seq, cmd) == (vec["expect"]["seq"], vec["expect"]["type"])
    assert target == vec["expect"].get("target")


@pytest.mark.parametrize("vec", VECTORS["host_to_hub"]["invalid"], ids=lambda v: v["line"][:30])
def test_firmware_rejects_bad_host_lines_with_the_documented_kind(vec):
    with pytest.raises(proto.BadLine) as err:
        proto.parse_command(as_bytes(vec["line"]))
    assert err.value.args[0] == vec["error"]


@pytest.mark.parametrize("vec", VECTORS["host_to_hub"]["invalid"], ids=lambda v: v["line"][:30])
def test_streaming_reader_counts_each_bad_host_line_once(vec):
    reader = proto.CommandReader()
    out = reader.feed(as_bytes(vec["line"]) + b"\n" + as_bytes(VECTORS["host_to_hub"]["valid"][0]["line"]) + b"\n")
    assert reader.bad == 1 and reader.bad_kinds == {vec["error"]: 1}
    assert out[-1] == (0, "PING", None)  # resynchronised on the next line
