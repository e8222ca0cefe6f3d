"""The header: checked key by key, with messages that say what to write instead."""

from __future__ import annotations

import json

import pytest

from clacks_hw.game.core.registry import game_for
from clacks_hw.journal import JournalError, JournalRejected, load_game, parse_journal

from .test_replay_games import EDITION, config, header_obj


def script_header() -> dict:
    return {**header_obj(config()), "format": 1}  # no checksums needed: a hand-written script


def _parse(header, *actions):
    return parse_journal(b"".join(json.dumps(o).encode() + b"\n" for o in (header, *actions)))


@pytest.mark.parametrize("change, words", [
    ({"sead": 3}, "unknown key 'sead' (did you mean 'seed'?)"),
    ({"format": 4}, "format 4 was written by another version of clacks-hw; this one reads formats 1, 2 and 3"),
    ({"format": "1"}, "format '1' must be a whole number"),
    ({"rules": game_for("competitive").rules_version + 1}, "rules version"),
    ({"seed": 1.5}, "seed 1.5 must be a whole number"),
    ({"seed": True}, "seed True"),
    ({"seats": "S N"}, "seats 'S N' must be a list"),
    # a control character among the seats used to reach the game's set-up message raw
    ({"seats": ["S", "\x1f"]}, "seats ['S', '\\x1f'] must be a list of seats like [\"S\", \"N\"], each one of S, W, N, E"),
    ({"variants": "express"}, "variants 'express' must be a list"),
    ({"words": ["AHMED"]}, "words ['AHMED'] must map each seat"),
    ({"words": {"S": [1], "N": ["COHEN"]}}, "words for seat 'S' [1]"),
    ({"hands": 3}, "hands 3 must be a string"),
])
def test_bad_header_values_are_named(change, words):
    with pytest.raises(JournalError) as err:
        _parse({**script_header(), **change})
    assert err.value.line == 1 and words in err.value.message
    assert all(c.isprintable() for c in err.value.message)


def test_missing_required_key():
    h = script_header()
    del h["words"]
    with pytest.raises(JournalError, match="'words' is missing"):
        _parse(h)


def test_first_line_must_be_a_header():
    with pytest.raises(JournalError, match='the first line must be the header') as err:
        _parse({"seat": "S", "act": "end"})
    assert err.value.line == 1


def test_a_second_header_is_an_error():
    with pytest.raises(JournalError, match="second header") as err:
        _parse(script_header(), script_header())
    assert err.value.line == 2


def test_a_minimal_hand_written_header_gets_defaults():
    journal = _parse({"journal": "clacks-hw", "format": 1, "seats": ["S", "N"],
                      "words": {"S": "AHMED", "N": "COHEN"}})  # a word may be a plain string
    cfg = journal.config
    assert (cfg.mode, cfg.hands, cfg.seed, cfg.variants) == ("competitive", "tracked", 0, frozenset())
    assert cfg.words == {"S": ("AHMED",), "N": ("COHEN",)}


def test_malformed_action_names_its_line():
    with pytest.raises(JournalError) as err:
        _parse(script_header(), {"seat": "S", "act": "move", "tower": "R2"},
               {"seat": "S", "act": "mvoe", "tower": "R2"})
    assert err.value.line == 3 and "'mvoe'" in err.value.message and "did you mean 'move'" in err.value.message


def test_a_tower_of_the_wrong_json_type_is_malformed_not_a_crash():
    with pytest.raises(JournalError) as err:
        _parse(script_header(), {"seat": "S", "act": "move", "tower": ["R2"]})
    assert err.value.line == 2 and "tower" in err.value.message


def test_nan_and_infinity_are_not_json():
    data = json.dumps(script_header()).encode() + b"\n" + b'{"seat":"S","act":"end","time":Infinity}\n{"seat":"S","act":"end"}\n'
    with pytest.raises(JournalError) as err:
        parse_journal(data)
    assert err.value.line == 2


def test_a_note_key_is_ignored_by_the_engine():
    journal = _parse({**script_header(), "note": "opening test"},
                     {"seat": "S", "act": "move", "tower": "R2", "note": "free first move"})
    assert journal.entries[0].action.tower is not None


def test_load_game_raises_on_a_refused_action(tmp_path):
    path = tmp_path / "g.jsonl"
    header = {"journal": "clacks-hw", "format": 1, "seats": ["S", "N"], "words": {"S": "AHMED", "N": "COHEN"}}
    path.write_text(json.dumps(header) + "\n" + json.dumps({"seat": "S", "act": "move", "tower": "G1"}) + "\n")
    with pytest.raises(JournalRejected) as err:
        load_game(path, EDITION)
    assert err.value.line == 2 and err.value.rejection.code == "wrong_colour"


def test_a_message_quoting_a_header_never_shows_its_seed():
    """Refusals reach the log and the board's notice: the seed deals every hidden hand."""
    line = b'{"seed": 8675309123, "journal": "clacks-hw", "format": 2, "seats": ["S", "N"], "words": {}, "crc": "x'
    with pytest.raises(JournalError) as err:
        parse_journal(line + b"\n" + json.dumps({"seat": "S", "act": "end"}).encode() + b"\n")
    assert "the header line is not valid JSON" in err.value.message
    assert "8675309123" not in str(err.value) and '"seed": …' in str(err.value)
