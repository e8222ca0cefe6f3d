"""The engine's front door for callers that do not care which game runs (the board daemon, the
journal, the pages, the tools): ``state + action -> state | Rejection``, whatever the game.

Each call goes to the game object of the state's set-up (``state.config.game``), so adding a
game changes nothing here.
"""

from __future__ import annotations

from .errors import SetupError
from .registry import game_for
from .rejection import Rejection


def new_game(edition, config):
    """The first state of the game ``config`` describes (``edition``: the printed cards, for a
    game played with any), or SetupError saying what to change."""
    try:
        game = game_for(config.mode)
    except KeyError as exc:
        raise SetupError(f"mode {config.mode!r}: {exc.args[0]}") from None
    game.check(edition, config)
    return game.new_game(edition, config.normalised())


def validate(state, action) -> Rejection | None:
    """The rules' answer to ``action`` without applying it: None when it is allowed."""
    return state.config.game.validate(state, action)


def apply(state, action):
    """The new state, or a Rejection saying why not."""
    return state.config.game.apply(state, action)


def legal_actions(state) -> list:
    """Every action the rules accept now."""
    return state.config.game.legal_actions(state)
