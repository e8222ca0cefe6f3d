"""Writing a journal and reading it back gives the same header and actions."""

from __future__ import annotations

import json
import random
import zlib

from clacks_hw.journal import (
    CLOCKED,
    FORMAT,
    JournalWriter,
    config_from_header,
    make_header,
    read_journal,
)

from .test_replay_games import EDITION, config, random_game, write_journal


def test_header_carries_the_game_set_up_and_provenance(tmp_path):
    cfg = config(players=3, seed=42, variants=("long_message", "express"))
    h = make_header(EDITION, cfg, config_hash="abc123", created="2025-05-01T10:00:00+00:00")
    # An Express game keeps its turn clock too (format 3); any other game stays format 2.
    assert h["journal"] == "clacks-hw" and h["format"] == CLOCKED and h["rules"] == cfg.game.rules_version
    assert make_header(EDITION, config())["format"] == FORMAT
    assert h["seats"] == ["S", "W", "N"] and h["hands"] == "tracked" and h["seed"] == 42
    assert h["variants"] == ["express", "long_message"]  # sorted, so the header is stable
    assert h["words"] == {s: list(cfg.words[s]) for s in cfg.seats}
    assert h["edition"] == EDITION.fingerprint and h["config"] == "abc123"
    assert config_from_header(h) == cfg


def test_created_defaults_to_an_iso_timestamp():
    h = make_header(EDITION, config())
    from datetime import datetime
    assert datetime.fromisoformat(h["created"]).tzinfo is not None


def test_actions_round_trip(tmp_path):
    cfg = config(players=4, seed=5)
    _, actions = random_game(cfg, random.Random(5), 80)
    path = tmp_path / "g.jsonl"
    write_journal(path, cfg, actions)
    journal = read_journal(path)
    assert [e.action for e in journal.entries] == actions
    assert [e.line for e in journal.entries] == list(range(2, len(actions) + 2))  # header is line 1
    assert journal.warnings == [] and journal.config == cfg


def test_each_line_is_one_json_object_with_the_action_keys(tmp_path):
    cfg = config()
    _, actions = random_game(cfg, random.Random(2), 20)
    path = tmp_path / "g.jsonl"
    write_journal(path, cfg, actions)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + len(actions)
    prev = json.loads(lines[0])["crc"]
    for line, action in zip(lines[1:], actions):
        obj = json.loads(line)
        crc = obj.pop("crc")
        assert obj == action.to_json()
        # The documented rule, computed independently of the module: the previous line's crc in
        # front of this line's canonical JSON.
        canon = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
        assert crc == f"{zlib.crc32(prev.encode() + canon):08x}"
        prev = crc


def test_an_action_may_be_appended_as_a_plain_dict(tmp_path):
    cfg = config()
    path = tmp_path / "g.jsonl"
    with JournalWriter.create(path, make_header(EDITION, cfg)) as w:
        w.append({"seat": "S", "act": "end"})
    assert read_journal(path).entries[0].action.act == "end"
