"""Restarting after kill -9: the journal brings back the very same game."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.clacks.legal import legal_actions
from clacks_hw.game.core.engine import apply
from clacks_hw.journal import (
    EditionMismatch,
    JournalRejected,
    JournalWriter,
    encode_line,
    load_game,
    resume_game,
)

from .test_replay_games import EDITION, config, random_game, write_journal


def test_resume_after_a_torn_write_continues_the_same_game(tmp_path):
    cfg = config(players=3, seed=31)
    live, actions = random_game(cfg, random.Random(31), 50)
    path = tmp_path / "g.jsonl"
    write_journal(path, cfg, actions)
    rng = random.Random(0)
    lost = rng.choice(legal_actions(live))
    with open(path, "ab") as f:
        f.write(encode_line(lost.to_json())[:17])  # killed while writing: never shown on the board
    writer, state, n, warnings = resume_game(path, EDITION)
    with writer:
        assert state == live and n == 50 and len(warnings) == 1
        nxt = rng.choice(legal_actions(state))
        writer.append(nxt)
    again, n, warnings = load_game(path, EDITION)
    assert again == apply(live, nxt) and n == 51 and warnings == []


def test_resume_refuses_a_journal_the_rules_do_not_accept(tmp_path):
    path = tmp_path / "g.jsonl"
    cfg = config()
    _, actions = random_game(cfg, random.Random(1), 3)
    write_journal(path, cfg, actions + actions[:1])  # the first action again, out of turn or order
    with pytest.raises(JournalRejected) as err:
        resume_game(path, EDITION)
    assert err.value.line == 5
    JournalWriter.open(path).close()  # the failed resume let go of the journal


def test_resume_checks_the_edition(tmp_path):
    path = tmp_path / "g.jsonl"
    cfg = config()
    write_journal(path, cfg, [])
    text = path.read_text().replace(EDITION.fingerprint, "ffffffffffffffff").replace('"format":2', '"format":1')
    path.write_text(text.replace('"crc":', '"x":').split(',"x"')[0] + "}\n")  # drop the now-wrong crc
    with pytest.raises(EditionMismatch) as err:
        load_game(path, EDITION)
    assert err.value.line == 1 and "ffffffffffffffff" in err.value.message
    state, n, _ = load_game(path, EDITION, check_edition=False)
    assert n == 0 and state.config == cfg
