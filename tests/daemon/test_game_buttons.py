"""A press the game gives a meaning (``button_action``) is the game's action, sent the way every
action goes (journaled first); a press it gives none is the screens' as before; a refused one is
said aloud like any refused action."""

from __future__ import annotations

import json

import pytest

from clacks_hw.game.clacks.actions import Action
from tests.web.live import LiveBoard


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path).start()
    yield b
    b.stop()


def test_the_game_decides_what_a_press_means(board, monkeypatch):
    assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"]}) == (200, {"ok": True})
    state = board.state()
    game = state.config.game
    other = next(s for s in state.config.seats if s != state.turn.seat)
    chosen = next(a for a in game.legal_actions(state) if a.act != "move")
    wrong = Action(other, "end")  # not that seat's turn
    meaning = {"PREV": chosen, "NEXT": wrong}  # nothing previewed: Clacks would do nothing with either
    monkeypatch.setattr(game, "button_action", lambda s, button: meaning.get(button))
    controller, reached = board.daemon.controller, []
    handle = controller.handle
    monkeypatch.setattr(controller, "handle", lambda event, now: (reached.append(event), handle(event, now)))
    board.press("PREV")
    board.wait_for(lambda: board.daemon.controller.session.actions == 1, "the action")
    last = json.loads(board.daemon.controller.session.path.read_text().splitlines()[-1])
    last.pop("crc")
    assert last == chosen.to_json()
    board.press("NEXT")
    board.wait_for(lambda: board.daemon.controller.message, "the refusal")
    assert board.daemon.controller.session.actions == 1
    board.press("BACK")  # no meaning from the game: the screens' own, as before
    board.wait_for(lambda: any(getattr(e, "button", "") == "BACK" for e in reached), "BACK at the screens")
    assert not any(e.kind == "press" and e.button in meaning for e in reached if hasattr(e, "kind"))  # the game took them
