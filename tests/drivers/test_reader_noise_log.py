"""Line noise on a card reader's cable fills no disk: 10,000 bad lines (or frames) sent down a
real pseudo-terminal to the reader's thread step give the first one whole, then a count line a
minute (on the fake clock), and the counts add up to every bad line, kind by kind."""

from __future__ import annotations

import logging
import os
import re
import time

from clacks_hw.drivers.card_reader import CardReader
from clacks_hw.drivers.hub_protocol import MAX_LINE, encode_line
from clacks_hw.drivers.rdm6300 import make_frame
from clacks_hw.testing.clock import FakeClock
from clacks_hw.testing.pty_port import PtyPort

BATCHES, PER_BATCH, STEP_S = 100, 100, 3.0  # 10,000 lines over 5 minutes of the fake clock
COUNT_LINE = re.compile(r"and ([\d,]+) more bad (?:line|frame)s? in the last (?:second|minute|\d+ s|\d+ minutes) \((.*)\)$")


def noise(k: int) -> bytes:
    """The k-th bad line: a wrong checksum, a stray control byte or a line far too long."""
    if k % 10 == 9:
        return b"X" * (MAX_LINE + 20) + b"\n"
    if k % 10 == 8:
        return b"7 TAG 0 DEAD\x07BEEF*00\n"
    good = encode_line(k % 65536, "TAG", 0, "DEADBEEF")
    return good[:-3] + b"%02X\n" % ((int(good[-3:-1], 16) + 1) % 256)


def bad_frame(k: int) -> bytes:
    frame = bytearray(make_frame("1A0034F2C1"))
    frame[-2] = ord("0") if frame[-2] != ord("0") else ord("1")  # its checksum off by one digit
    return bytes(frame) if k % 2 else b"\x02" + b"Z" * 5 + b"\x03"


def pump(reader: CardReader, port: PtyPort, data: bytes) -> None:
    """Write ``data`` at the pty's far end while the reader steps (a full pty waits for it)."""
    while data:
        try:
            n = os.write(port.master, data[:4096])
            data = data[n:]
        except BlockingIOError:
            pass
        reader.step()
        port.read()  # what the reader sends (INFO) must not fill the other direction


def until(reader: CardReader, port: PtyPort, done) -> None:
    end = time.monotonic() + 20
    while not done():
        assert time.monotonic() < end, f"the reader never read it all: {dict(reader.counts)}"
        reader.step()
        port.read()


def counted(caplog, logger: str) -> tuple[list[str], int, dict[str, int]]:
    """The warning lines, how many inputs they speak of, and the count lines' kinds."""
    lines = [r.getMessage() for r in caplog.records if r.name == logger and r.levelno == logging.WARNING]
    total, kinds = 0, {}
    for line in lines:
        m = COUNT_LINE.search(line)
        if m is None:
            total += 1  # a bad input logged whole
            continue
        total += int(m[1].replace(",", ""))
        for part in m[2].split(", "):
            kind, n = part.rsplit(" ", 1)
            kinds[kind] = kinds.get(kind, 0) + int(n.replace(",", ""))
    return lines, total, kinds


def run(reader: CardReader, port: PtyPort, clock: FakeClock, make, start: bytes = b"") -> None:
    reader.step()  # opens the port
    assert reader.state != "offline", reader.last_error
    pump(reader, port, start)
    for b in range(BATCHES):
        pump(reader, port, b"".join(make(b * PER_BATCH + k) for k in range(PER_BATCH)))
        clock.advance(STEP_S)


def test_ten_thousand_bad_lines_from_the_hub_give_a_few_log_lines_with_the_whole_count(caplog):
    clock, port = FakeClock(0.0), PtyPort()
    reader = CardReader(port.slave_name, lambda event: None, clock=clock, silence_timeout=1e9, ping_after=1e9)
    hello = encode_line(0, "HELLO", "1.1", "0.1.0", 4, "ABCD")
    try:
        with caplog.at_level(logging.WARNING, logger="clacks_hw.drivers"):
            run(reader, port, clock, noise, hello)
            bad = lambda: sum(n for k, n in reader.counts.items() if k not in ("ok", "ignored"))  # noqa: E731
            until(reader, port, lambda: bad() == BATCHES * PER_BATCH)
            reader.stop()  # the count of the last minute is said as the port closes
    finally:
        reader.stop()
        port.close()
    lines, total, kinds = counted(caplog, "clacks_hw.drivers.hub_protocol")
    assert reader.counts["ok"] == 1 and total == BATCHES * PER_BATCH
    assert len(lines) <= 1 + BATCHES * STEP_S / 60 + 1, lines  # the first, one a minute, the last
    assert lines[0].startswith("reader hub: dropped a bad line (bad_crc): got ") and "TAG 0 DEADBEEF" in lines[0]
    first_kind = lines[0].split("(")[1].split(")")[0]
    kinds[first_kind] += 1
    assert kinds == {k: reader.counts[k] for k in ("bad_crc", "bad_char", "too_long")}
    assert kinds["too_long"] == 1000 and kinds["bad_char"] == 1000
    assert all(len(line) < 700 and line.isprintable() for line in lines)


def test_ten_thousand_bad_frames_from_an_rdm6300_give_a_few_log_lines_with_the_whole_count(caplog):
    clock, port = FakeClock(0.0), PtyPort()
    reader = CardReader(port.slave_name, lambda event: None, protocol="rdm6300", clock=clock)
    try:
        with caplog.at_level(logging.WARNING, logger="clacks_hw.drivers"):
            run(reader, port, clock, bad_frame)
            bad = lambda: reader.counts["bad_frame"] + reader.counts["bad_checksum"]  # noqa: E731
            until(reader, port, lambda: bad() == BATCHES * PER_BATCH)
            clock.advance(60)
            reader.step()  # a minute on and nothing more: the count is said without a new frame
            lines, total, _ = counted(caplog, "clacks_hw.drivers.rdm6300")
            assert total == BATCHES * PER_BATCH
            reader.stop()
    finally:
        reader.stop()
        port.close()
    assert len(counted(caplog, "clacks_hw.drivers.rdm6300")[0]) == len(lines)  # nothing held, nothing more said
    assert len(lines) <= 1 + BATCHES * STEP_S / 60 + 1, lines
    assert lines[0].startswith("RDM6300: dropped a bad frame")
