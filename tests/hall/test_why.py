"""The hall's card of a finished game says why it ended, in the board's words (views/moments.py,
from the engine's outcome code), as the board published it over the hall's schema."""

from __future__ import annotations

import msgspec

from clacks_hw.mqtt.projection import hall_state
from clacks_hw.views.moments import why_text
from clacks_hw.hall.cards import card
from tests.fakes.hall_boards import SCENES, board_state, played


def shown(scene) -> dict:
    return card({"state": msgspec.to_builtins(hall_state(board_state(scene))), "link": "online"})


def test_a_finished_games_card_says_why_it_ended_in_the_boards_words():
    over = [s for s in SCENES if s[5] == "over"]
    assert {s[1] for s in over} == {"competitive", "klackers", "race"}
    for scene in over:
        board, mode, players, moves, names, _screen, variants = scene
        state, _ = played(mode, players, moves, names, variants)
        outcome = state.config.game.outcome(state)
        why = why_text(outcome.json(), names)
        assert why and outcome.code not in why  # words, not the code
        assert shown(scene)["why"] == why, board
    india = shown(next(s for s in over if s[0] == "india"))
    assert [w["name"] for w in india["winners"]] == ["IDA"] and india["why"] == "the sabotaged letter sent again from R4"


def test_a_game_under_way_says_no_why():
    going = [s for s in SCENES if s[5] == "game" and not played(*s[1:5], s[6])[0].over]
    assert len(going) >= 8
    for scene in going:
        assert shown(scene)["why"] == "", scene[0]
