"""A game object must say how it sets up and what may be played: one that leaves either out
cannot be made, so it cannot be registered half done."""

import pytest

from clacks_hw.game.clacks.modes.base import ClacksGame
from clacks_hw.game.clacks.modes.team import TeamGame
from clacks_hw.game.core.registry import game_for


def test_a_game_without_set_up_or_candidates_cannot_be_made():
    class Half(ClacksGame):
        name = "half"

    with pytest.raises(TypeError, match="candidates.*new_game|new_game.*candidates"):
        Half()


def test_a_team_game_must_say_how_hands_are_settled():
    with pytest.raises(TypeError, match="settle_hands"):
        TeamGame()
    assert all(isinstance(game_for(mode), TeamGame) for mode in ("race", "solitaire"))  # both say it
