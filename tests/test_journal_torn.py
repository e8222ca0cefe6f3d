"""A crash mid-write leaves a torn last line: dropped with a warning, cut off before appending."""

from __future__ import annotations

import json

import pytest

from clacks_hw.journal import (
    JournalError,
    JournalWriter,
    encode_line,
    encode_lines,
    parse_journal,
    read_journal,
)

from .test_replay_games import config, header_obj

MOVE = {"seat": "S", "act": "move", "tower": "R2"}
PLAY = {"seat": "S", "act": "play", "card": "J05", "lamps": [0, 1]}


def next_line(data: bytes, obj: dict) -> bytes:
    """``obj`` as the line after ``data``, its crc chained onto the last line's."""
    return encode_line(obj, json.loads(data.splitlines()[-1])["crc"])


def _good(path):
    with JournalWriter.create(path, header_obj(config())) as w:
        w.append(MOVE)
    return path.read_bytes()


@pytest.mark.parametrize("cut", [1, 10, 30])
def test_a_torn_last_line_is_dropped_with_a_warning(tmp_path, cut):
    path = tmp_path / "g.jsonl"
    good = _good(path)
    path.write_bytes(good + encode_line(PLAY)[:cut])  # the write was cut after `cut` bytes
    journal = read_journal(path)
    assert [e.action.act for e in journal.entries] == ["move"]
    assert len(journal.warnings) == 1 and journal.warnings[0].startswith("line 3:")


def test_garbage_after_a_crash_is_dropped(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(_good(path) + b"\x00" * 40)  # some filesystems leave zeros after a crash
    assert len(read_journal(path).entries) == 1 and read_journal(path).warnings


def test_reopening_cuts_the_torn_tail_so_the_next_line_is_intact(tmp_path):
    path = tmp_path / "g.jsonl"
    good = _good(path)
    path.write_bytes(good + encode_line(PLAY)[:25])
    with JournalWriter.open(path) as w:
        assert w.warnings and "dropped" in w.warnings[0]
        assert path.read_bytes() == good  # truncated on open, before anything is appended
        w.append({"seat": "S", "act": "end"})
    journal = read_journal(path)
    assert [e.action.act for e in journal.entries] == ["move", "end"] and journal.warnings == []


def test_a_complete_last_line_without_its_newline_is_kept_and_completed(tmp_path):
    # What an editor leaves at the end of a hand-written script, or a write cut just before "\n".
    path = tmp_path / "g.jsonl"
    good = _good(path)
    path.write_bytes(good + next_line(good, PLAY).rstrip(b"\n"))
    assert [e.action.act for e in read_journal(path).entries] == ["move", "play"]
    with JournalWriter.open(path) as w:
        w.append({"seat": "S", "act": "end"})
    assert [e.action.act for e in read_journal(path).entries] == ["move", "play", "end"]


def test_trailing_blank_lines_are_ignored():
    data = encode_lines(header_obj(config()), MOVE) + b"\n  \n"
    journal = parse_journal(data)
    assert len(journal.entries) == 1 and journal.warnings == []


def test_damage_in_the_middle_is_an_error_naming_the_line():
    data = encode_lines(header_obj(config())) + encode_line(MOVE)[:20] + b"\n" + encode_line(MOVE)
    with pytest.raises(JournalError) as err:
        parse_journal(data)
    assert err.value.line == 2 and "not valid JSON" in err.value.message
    assert str(err.value).startswith("line 2: ")


def test_a_torn_header_is_fatal_not_dropped():
    with pytest.raises(JournalError) as err:
        parse_journal(encode_line(header_obj(config()))[:30])
    assert err.value.line == 1 and "header" in err.value.message


def test_an_empty_file_is_an_error():
    with pytest.raises(JournalError, match="empty"):
        parse_journal(b"")
