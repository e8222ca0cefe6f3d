"""The lines the play page shows as said by the board belong to the game on it: "Resumed the
game in ..." goes once a new game starts, as the notice does (it stayed under the new game)."""

from __future__ import annotations

import time

from clacks_hw.play.table import PlayTable
from clacks_hw.testing.cards import EDITION


def said_once(table, test, timeout: float = 10.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while not test(list(table.said)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return list(table.said)


def test_a_new_game_clears_what_was_said_about_the_resumed_one(tmp_path):
    first = PlayTable(None, str(tmp_path), seed=3, edition=EDITION).start()
    try:
        assert first.wait_ready() and first.command("new_game", {"mode": "competitive", "seats": ["S", "N"]}) is None
    finally:
        first.close()
    table = PlayTable(None, str(tmp_path), seed=4, edition=EDITION).start()  # the game resumes
    try:
        assert table.wait_ready()
        assert any(line.startswith("Resumed the game in ") for line in said_once(table, bool)), list(table.said)
        assert table.command("abandon", {}) is None
        assert table.command("new_game", {"mode": "competitive", "seats": ["S", "N"]}) is None
        said = said_once(table, lambda lines: not any("Resumed" in line for line in lines))
        assert not any("Resumed" in line for line in said), said
        assert any(line.startswith("Clacks: Competitive") for line in said), said  # the new game's own stay
        assert table.controller.message == ""
    finally:
        table.close()


def test_the_computers_announced_move_gives_way_to_what_it_played(tmp_path):
    """The page kept "N is about to play: ... S may answer ... (3 s)" under the position after N
    had played: the lines said about a position now go with it (as on the terminal), and what
    the computer did is said once it is done."""
    config = tmp_path / "config.toml"
    config.write_text("[game]\ncomputer_pace_s = 0.02\nreaction_window_s = 0.05\n")
    table = PlayTable(str(config), str(tmp_path / "journals"), seed=1, edition=EDITION).start()
    try:
        assert table.wait_ready()
        assert table.command("new_game", {"mode": "competitive", "computer": {"N": "easy"}}) is None
        state = table.controller.session.state
        assert state.turn.seat == "N" and state.player("S").faults  # seed 1: N first, S holds an answer
        said = said_once(table, lambda lines: any(line.startswith("Played: N ") for line in lines), timeout=20)
        played = next(line for line in said if line.startswith("Played: N "))
        why = played[len("Played: "):-1]  # the move played, as the window announced it
        # Its announcement is gone (the computer's next move may already be announced: a move and
        # then a card are two actions of one turn).
        assert not any(f"is about to play: {why}." in line for line in said), said
    finally:
        table.close()
