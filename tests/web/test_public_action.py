"""What a game keeps secret of an action (``public_action``: where a saboteur was planted, with
whom) stays out of the board's log and the status page's recent moves; the journal, the owner's
own file, keeps the whole action."""

from __future__ import annotations

import json
import logging
import urllib.request

import pytest

from tests.web.live import LiveBoard


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path).start()
    yield b
    b.stop()


def test_a_secret_part_of_an_action_reaches_neither_the_log_nor_the_page(board, monkeypatch, caplog):
    caplog.set_level(logging.DEBUG, logger="clacks_hw")
    assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"]}) == (200, {"ok": True})
    state = board.state()
    game = state.config.game
    chosen = next(a for a in game.legal_actions(state) if a.act == "move")
    monkeypatch.setattr(game, "public_action", lambda a: {"seat": a.seat, "act": a.act})  # the tower: secret
    monkeypatch.setattr(game, "button_action", lambda s, button: chosen if button == "PREV" else None)
    board.press("PREV")
    board.wait_for(lambda: board.daemon.controller.session.actions == 1, "the action")
    board.wait_for(lambda: board.daemon.status_page.box.get().actions == 1, "the page's snapshot")
    with urllib.request.urlopen(f"{board.url}status.json", timeout=10) as r:
        page = json.load(r)
    assert page["recent"] == [{"seat": chosen.seat, "act": "move"}]
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("accepted:")]
    assert line == f"accepted: {chosen.seat} move"
    journal = board.daemon.controller.session.path.read_text().splitlines()[-1]
    assert json.loads(journal)["tower"] == chosen.to_json()["tower"]  # the owner's own file keeps it all
