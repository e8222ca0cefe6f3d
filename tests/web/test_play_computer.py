"""`clacks-hw play --computer N:strong`: the play page's board (the real daemon on emulated
parts) starts a game whose computer seats move by themselves, as the board's set-up would."""

from __future__ import annotations

import time

from clacks_hw.play.table import PlayTable
from clacks_hw.testing.cards import EDITION


def test_the_played_game_has_the_computer_at_the_seats_asked(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[game]\ncomputer_pace_s = 0.02\n")
    table = PlayTable(str(config), str(tmp_path / "journals"), seed=5, edition=EDITION)
    try:
        table.start()
        assert table.wait_ready()
        assert table.command("new_game", {"mode": "competitive", "computer": {"S": "strong", "N": "easy"}}) is None
        deadline = time.monotonic() + 20
        while table.controller.session.actions < 6 and time.monotonic() < deadline:
            time.sleep(0.05)  # the daemon's own thread plays; this only waits for it, bounded
        assert table.controller.session.state.config.computer == {"S": "strong", "N": "easy"}
        assert table.controller.session.actions >= 6
    finally:
        table.close()


def test_a_computer_seat_not_in_the_game_is_refused_before_anything_starts():
    from clacks_hw.daemon.screens.admin import requested_menu

    why = requested_menu({"mode": "competitive", "computer": {"E": "strong"}}, EDITION)
    assert why == "seat E cannot be a computer player: it is not in the game (seats: S N)"
    menu = requested_menu({"mode": "competitive", "computer": {"N": "normal"}}, EDITION)
    assert menu.computer == (("N", "normal"),)
