"""A Guards! Guards! game is journalled action by action, resumed after a power cut to the very
state it had, and goes on: the journal side knows no game (journal/)."""

from __future__ import annotations

import json
import random

import pytest

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply
from clacks_hw.game.guards.game import GUARDS
from clacks_hw.game.guards.legal import random_action
from clacks_hw.journal import JournalError, JournalWriter, make_header, resume_game
from tests.guards.randomgames import random_game


def test_a_game_resumes_to_the_state_it_had_and_goes_on(tmp_path):
    path = tmp_path / "guards.jsonl"
    played = list(random_game(5, 3, steps=120))
    first = played[0][1]
    with JournalWriter.create(path, make_header(default_edition(), first.config)) as w:
        for action, _ in played[1:]:
            w.append(action)
    writer, state, n, warnings = resume_game(path, default_edition())
    try:
        assert n == len(played) - 1 and state == played[-1][1] and not warnings
        if not state.over:
            action = random_action(state, random.Random(1))
            writer.append(action)
            after = apply(state, action)
    finally:
        writer.close()
    if not state.over:
        _, again, m, _ = resume_game(path, default_edition())
        assert m == n + 1 and again == after


@pytest.mark.parametrize("old_version", [1, 2])
def test_a_journal_of_older_rules_is_refused_rather_than_replayed_into_another_game(tmp_path, old_version):
    """Rules version 2 read the rulebook anew (one stop a turn, a natural 8 wins a Charm roll,
    ...: docs/guards-rules.md), and version 3 keeps the discard piles (a discarded volunteer is
    not recruited until its deck runs out, rulebook line 800), refuses an item a saboteur or
    runner carries, and keeps a place at the gate for each volunteer owed to it (line 422). So an
    older journal might hold actions this engine refuses or replay to another position: it is
    refused, saying why, as journal.md says of any other version."""
    played = list(random_game(5, 2, steps=10))
    path = tmp_path / "old.jsonl"
    with JournalWriter.create(path, make_header(default_edition(), played[0][1].config)) as w:
        for action, _ in played[1:]:
            w.append(action)
    header, *lines = path.read_text().splitlines()
    old = {k: v for k, v in json.loads(header).items() if k != "crc"} | {"rules": old_version}  # crc: optional
    path.write_text("\n".join([json.dumps(old), *lines]) + "\n")
    assert GUARDS.rules_version == 3
    with pytest.raises(JournalError, match=f"rules version {old_version} differs from this engine's rules version 3 "
                                           "of guards"):
        resume_game(path, default_edition())
