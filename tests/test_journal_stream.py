"""Resuming reads a journal as a stream: the memory it takes is one line plus the game, whatever
the journal's length (measured with tracemalloc on a journal of 40,000 actions), and the
stream judges damage exactly as reading the whole file does."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.core.engine import apply, new_game
from clacks_hw.journal import (
    JournalError,
    encode_line,
    encode_lines,
    load_game,
    make_header,
    parse_journal,
    read_journal,
    resume_game,
)

from .test_replay_games import EDITION, config


def express_journal(path, actions: int) -> int:
    """An Express game of nothing but turns that ran out: as long a journal as anyone likes."""
    cfg = config(variants=("express",))
    state, lines = new_game(EDITION, cfg), []
    for _ in range(actions):
        action = Action(state.turn.seat, "timeout", time=60.0)
        state = apply(state, action)
        lines.append(action.to_json())
    path.write_bytes(encode_lines(make_header(EDITION, cfg, created="2025-01-01T00:00:00+00:00"), *lines))
    return path.stat().st_size


def peak_resuming(path) -> int:
    tracemalloc.start()
    try:
        writer, state, n, warnings = resume_game(path, EDITION)
        writer.close()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_resuming_takes_one_line_and_the_game_whatever_the_length(tmp_path):
    small, big = tmp_path / "small.jsonl", tmp_path / "big.jsonl"
    express_journal(small, 2_000)
    size = express_journal(big, 40_000)
    assert size > 2_000_000
    small_peak, big_peak = peak_resuming(small), peak_resuming(big)
    # Reading the whole file took 4.5 times its size; the stream takes what a short game takes.
    assert big_peak < size / 10, f"resuming a {size:,} byte journal took {big_peak:,} bytes at its peak"
    assert big_peak - small_peak < 64 * 1024, (small_peak, big_peak)


def test_the_stream_and_the_whole_file_agree(tmp_path):
    path = tmp_path / "g.jsonl"
    express_journal(path, 500)
    whole = parse_journal(path.read_bytes())
    state, n, _ = load_game(path, EDITION)
    assert n == len(whole.entries) == 500 and state.turn.number == 501
    from clacks_hw.journal.splitting import LineReader

    for chunk in (1, 7, 64):  # lines cut across chunks of any size
        lines = list(LineReader(open(path, "rb").read, chunk=chunk))
        assert [line.raw for line in lines] == path.read_bytes().splitlines()


def test_a_line_longer_than_any_the_board_writes_is_damage(tmp_path):
    path = tmp_path / "g.jsonl"
    express_journal(path, 3)
    data = path.read_bytes()
    with open(path, "ab") as f:  # debris without a newline, far longer than a line
        f.write(b"\x00" * (3 << 20))
    journal = read_journal(path)
    assert len(journal.entries) == 3 and "longer than 1048576 bytes" in journal.warnings[0]
    writer, _, n, _ = resume_game(path, EDITION)
    writer.close()
    assert n == 3 and path.read_bytes() == data  # the debris is cut off before anything is appended
    last = data.splitlines()[-1]
    with open(path, "ab") as f:  # a long line followed by a good one: the file was altered
        f.write(b"x" * (2 << 20) + b"\n" + encode_line({"seat": "S", "act": "end"}, json.loads(last)["crc"]))
    with pytest.raises(JournalError, match="line 5: the line is longer than 1048576 bytes"):
        read_journal(path)
