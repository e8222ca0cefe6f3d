"""Format 2 chains the checksums: each line's crc covers the previous line's, so a line removed
or moved is caught; format 1 journals (per-line checksums) stay readable and resumable."""

from __future__ import annotations

import json

import pytest

from clacks_hw.journal import (
    FORMAT,
    JournalError,
    JournalWriter,
    encode_lines,
    line_crc,
    parse_journal,
    read_journal,
)

from .test_replay_games import config, header_obj

MOVE = {"seat": "S", "act": "move", "tower": "R2"}
ACTS = [MOVE, {"seat": "S", "act": "play", "card": "J05", "lamps": [0, 1]},
        {"seat": "S", "act": "end"}, {"seat": "N", "act": "move", "tower": "R5"},
        {"seat": "N", "act": "end"}]


def _lines() -> list[bytes]:
    return encode_lines(header_obj(config()), *ACTS).splitlines(keepends=True)


def test_the_board_writes_chained_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    with JournalWriter.create(path, header_obj(config())) as w:
        for a in ACTS:
            w.append(a)
    assert path.read_bytes() == encode_lines(header_obj(config()), *ACTS)
    lines = [json.loads(x) for x in path.read_bytes().splitlines()]
    assert lines[0]["format"] == FORMAT == 2
    assert lines[1]["crc"] == line_crc(MOVE, lines[0]["crc"]) != line_crc(MOVE)


@pytest.mark.parametrize("k", range(1, len(ACTS)))  # every line but the last (a prefix is a game)
def test_a_removed_line_is_an_error(k):
    lines = _lines()
    del lines[k]
    with pytest.raises(JournalError) as err:
        parse_journal(b"".join(lines))
    assert err.value.line == k + 1 and "checksum" in err.value.message


@pytest.mark.parametrize("k", range(1, len(ACTS)))
def test_two_lines_swapped_is_an_error(k):
    lines = _lines()
    lines[k], lines[k + 1] = lines[k + 1], lines[k]
    with pytest.raises(JournalError) as err:
        parse_journal(b"".join(lines))
    assert err.value.line == k + 1 and "removed, moved or changed" in err.value.message


def test_a_line_without_crc_breaks_the_chain():
    lines = _lines()
    lines[2] = json.dumps(ACTS[1]).encode() + b"\n"
    with pytest.raises(JournalError, match="has no crc"):
        parse_journal(b"".join(lines))


def test_torn_debris_with_newlines_is_still_a_torn_tail(tmp_path):
    path = tmp_path / "g.jsonl"
    good = b"".join(_lines()[:3])
    path.write_bytes(good + _lines()[3][:17] + b"\n\x00\x00\x07\n\xff{\"se\n")  # a crash's leftovers
    journal = read_journal(path)
    assert len(journal.entries) == 2 and "debris" in journal.warnings[0]
    with JournalWriter.open(path) as w:
        assert path.read_bytes() == good  # cut before anything is appended
        w.append(ACTS[2])
    assert path.read_bytes() == b"".join(_lines()[:4])


def test_a_format_1_journal_is_read_and_continued_in_format_1(tmp_path):
    old = {**header_obj(config()), "format": 1}
    path = tmp_path / "old.jsonl"
    path.write_bytes(encode_lines(old, *ACTS[:2]))  # per-line checksums, as the board wrote before
    assert len(read_journal(path).entries) == 2
    with JournalWriter.open(path) as w:
        w.append(ACTS[2])
    assert path.read_bytes() == encode_lines(old, *ACTS[:3])
    assert json.loads(path.read_bytes().splitlines()[-1])["crc"] == line_crc(ACTS[2])
