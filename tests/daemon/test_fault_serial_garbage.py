"""10,000 random bytes and mutated lines on the serial line: counted and skipped, the game intact."""

import os
import random
import select

from clacks_hw.drivers.hub_protocol import encode_line
from clacks_hw.testing.hil_board import HilBoard, start_competitive
from tests.fakes.daemon_rig import uid_of


def write_all(fd, data):
    while data:
        select.select([], [fd], [], 2.0)  # bounded: the reader drains the pty
        try:
            n = os.write(fd, data[:512])
        except BlockingIOError:
            continue
        data = data[n:]


def test_random_bytes_and_mutated_lines(tmp_path):
    rng = random.Random(1)
    with HilBoard(tmp_path) as board:
        start_competitive(board)
        before = board.state
        master = board.hub.port.master
        write_all(master, bytes(rng.randrange(256) for _ in range(10_000)))
        lines = b""
        for k in range(200):
            line = bytearray(encode_line(50 + k, "TAG", 0, uid_of("J01")))
            for _ in range(rng.randrange(1, 4)):
                line[rng.randrange(len(line) - 1)] = rng.randrange(32, 127)
            lines += bytes(line)
        write_all(master, lines)
        board.collect(0.3)
        assert board.daemon.reader.counts["ok"] > 0
        assert board.thread.is_alive() and board.state is before
        board.tap(board.state.current.hand[0])  # the reader still works
        assert board.controller.preview is not None
        assert board.state is before
