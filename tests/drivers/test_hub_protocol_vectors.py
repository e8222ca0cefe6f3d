"""The host side of the shared vectors (firmware/protocol_vectors.json)."""

import pytest

from clacks_hw.drivers import hub_protocol as hp
from tests.firmware.vectors import VECTORS, as_bytes


def test_crc_and_limits_match_the_vectors():
    assert hp.crc8(VECTORS["crc"]["check_input"].encode()) == int(VECTORS["crc"]["check"], 16)
    assert hp.MAX_LINE == VECTORS["max_line"] and hp.PROTOCOL_VERSION == VECTORS["protocol"]


@pytest.mark.parametrize("vec", VECTORS["hub_to_host"]["valid"], ids=lambda v: v["line"][:30])
def test_hub_lines_decode_to_the_expected_parse(vec):
    assert hp.decode_line(as_bytes(vec["line"])).to_dict() == vec["expect"]


@pytest.mark.parametrize("vec", VECTORS["hub_to_host"]["invalid"], ids=lambda v: v["line"][:30])
def test_bad_hub_lines_fail_with_the_expected_kind(vec):
    with pytest.raises(hp.ProtocolError) as err:
        hp.decode_line(as_bytes(vec["line"]))
    assert err.value.kind == vec["error"]
    assert vec["error"] in hp.ERROR_KINDS


@pytest.mark.parametrize("vec", VECTORS["host_to_hub"]["valid"], ids=lambda v: v["line"][:30])
def test_host_encodes_commands_exactly(vec):
    expect = vec["expect"]
    args = [] if "target" not in expect else [expect["target"]]
    assert hp.encode_line(expect["seq"], expect["type"], *args) == as_bytes(vec["line"]) + b"\n"
    assert hp.decode_line(as_bytes(vec["line"]), direction="host").to_dict() == expect


@pytest.mark.parametrize("vec", VECTORS["host_to_hub"]["invalid"], ids=lambda v: v["line"][:30])
def test_host_decoder_agrees_with_the_firmware_on_bad_commands(vec):
    with pytest.raises(hp.ProtocolError) as err:
        hp.decode_line(as_bytes(vec["line"]), direction="host")
    assert err.value.kind == vec["error"]


def test_every_valid_hub_line_survives_the_streaming_parser_in_one_stream():
    parser = hp.LineParser()
    stream = b"".join(as_bytes(v["line"]) + b"\n" for v in VECTORS["hub_to_host"]["valid"])
    msgs = parser.feed(stream)
    assert [m.to_dict() for m in msgs] == [v["expect"] for v in VECTORS["hub_to_host"]["valid"]]
