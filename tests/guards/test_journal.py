"""A Guards! Guards! game is journalled action by action, resumed after a power cut to the very
state it had, and goes on: the journal side knows no game (journal/)."""

from __future__ import annotations

import random

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.core.engine import apply
from clacks_hw.game.guards.legal import random_action
from clacks_hw.journal import JournalWriter, make_header, resume_game
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
