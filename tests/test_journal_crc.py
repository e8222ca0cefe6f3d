"""Checksums: a wrong crc is damage; a line without crc (a hand-written script) is fine."""

from __future__ import annotations

import json

import pytest

from clacks_hw.journal import (
    JournalError,
    encode_line,
    encode_lines,
    line_crc,
    parse_journal,
    read_journal,
)

from .test_replay_games import config, header_obj, write_lines

MOVE = {"seat": "S", "act": "move", "tower": "R2"}


def _journal(*objs) -> bytes:
    return encode_lines(*objs)


def v1(header: dict) -> dict:
    return {**header, "format": 1}  # per-line checksums, optional: what scripts are written in


def test_crc_is_crc32_of_the_canonical_json_without_crc():
    assert line_crc(MOVE) == "c32cf9f0"  # pinned: readers in other languages rely on the rule
    assert line_crc({**MOVE, "crc": "whatever"}) == line_crc(MOVE)
    assert line_crc(dict(reversed(list(MOVE.items())))) == line_crc(MOVE)  # key order is irrelevant


def test_whitespace_and_key_order_in_the_file_do_not_matter():
    line = json.dumps({"crc": line_crc(MOVE), "tower": "R2", "act": "move", "seat": "S"}, indent=None)
    data = encode_line(v1(header_obj(config()))) + line.encode() + b"\n" + encode_line({"seat": "N", "act": "end"})
    assert len(parse_journal(data).entries) == 2


def test_wrong_crc_in_the_middle_is_an_error_naming_the_line():
    data = _journal(header_obj(config()), MOVE, {"seat": "S", "act": "end"})
    lines = data.split(b"\n")
    lines[1] = lines[1].replace(b'"R2"', b'"R3"')  # a flipped character: crc no longer matches
    with pytest.raises(JournalError) as err:
        parse_journal(b"\n".join(lines))
    assert err.value.line == 2 and "checksum" in err.value.message and "R3" in err.value.message


def test_format_1_wrong_crc_on_the_last_line_drops_it_with_a_warning():
    data = _journal(v1(header_obj(config())), MOVE).replace(b'"R2"', b'"R3"')
    journal = parse_journal(data)
    assert journal.entries == [] and "line 2" in journal.warnings[0] and "checksum" in journal.warnings[0]


def test_format_2_complete_last_line_with_a_wrong_crc_is_an_error():
    # A crash only cuts a line short; complete JSON that fails the chain was changed or moved.
    data = _journal(header_obj(config()), MOVE).replace(b'"R2"', b'"R3"')
    with pytest.raises(JournalError) as err:
        parse_journal(data)
    assert err.value.line == 2 and "checksum" in err.value.message


def test_crc_of_the_wrong_type_is_damage():
    data = _journal(v1(header_obj(config()))) + json.dumps({**MOVE, "crc": 12345}).encode() + b"\n"
    assert parse_journal(data).entries == []


def test_a_script_without_any_crc_is_accepted(tmp_path):
    h = v1(header_obj(config()))
    path = tmp_path / "script.jsonl"
    write_lines(path, [h, MOVE, {"seat": "S", "act": "end"}])
    journal = read_journal(path)
    assert [e.action.act for e in journal.entries] == ["move", "end"] and journal.warnings == []


def test_crc_only_on_some_lines_is_fine():
    data = _journal(v1(header_obj(config()))) + json.dumps(MOVE).encode() + b"\n" + encode_line({"seat": "S", "act": "end"})
    assert len(parse_journal(data).entries) == 2
