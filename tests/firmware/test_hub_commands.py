"""Host commands as the hub answers them, through its real loop."""

from clacks_hw.testing.emulated_hub import load_firmware
from tests.fakes.reader_hub_rig import HubRig

proto = load_firmware().hubproto


def test_ping_is_answered_with_pong_carrying_the_host_seq():
    rig = HubRig()
    rig.start()
    rig.command(proto.encode(41, "PING", ()))
    assert ("PONG", "41") in rig.steps(1)


def test_info_is_answered_with_hello_snapshot_and_hb():
    rig = HubRig(readers=2)
    rig.start()
    rig.chips[1].place(bytes.fromhex("DEADBEEF"))
    rig.steps(2)
    rig.command(proto.encode(5, "INFO", ()))
    lines = rig.steps(1)
    assert lines[0] == ("HELLO", "1.2", "0.2.0", "2", "ABCD", "92,92", "ok")  # chip versions, MISO released
    assert lines[1:] == [("TAG", "1", "DEADBEEF"), ("HB", *lines[2][1:])]


def test_reset_reinitialises_and_acks_without_inventing_taps():
    rig = HubRig(readers=2)
    rig.start()
    rig.chips[0].place(bytes.fromhex("DEADBEEF"))
    rig.steps(1)
    rig.chips[0].brown_out()
    rig.command(proto.encode(6, "RESET", ("*",)))
    lines = rig.steps(3)
    assert ("ACK", "6") in lines
    assert [line for line in lines if line[0] in ("TAG", "GONE", "ERR")] == []
    assert rig.hub.slots[0].chip.health() is None


def test_reset_of_a_reader_that_does_not_exist_is_refused():
    rig = HubRig(readers=1)
    rig.start()
    rig.command(proto.encode(7, "RESET", ("3",)))
    assert ("NAK", "7", "range") in rig.steps(1)


def test_garbage_from_the_host_is_counted_in_the_heartbeat():
    rig = HubRig(hb_ms=100)
    rig.start()
    rig.command(b"\xff\xfe junk\n1 PING*00\n" + b"A" * 300 + b"\n")
    lines = rig.steps(12)
    hb = [line for line in lines if line[0] == "HB"][-1]
    assert hb[5] == "3"  # bad_cmds
