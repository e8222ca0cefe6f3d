"""A whole game in one file, as a third party would write one for the board: High Roll, in which
every seat rolls one die in turn and the highest roll wins (a tie rolls again). It stands on the
core alone (clacks_hw.game.core) and is installed in the tests as a plugin of its own, so the
registry finds it exactly as it would find a game from PyPI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from clacks_hw.game.core.config import GameConfig
from clacks_hw.game.core.errors import MalformedAction
from clacks_hw.game.core.protocol import Game, GameBox
from clacks_hw.game.core.randomness import roll
from clacks_hw.game.core.table import SEATS, next_seat


@dataclass(frozen=True)
class Roll:
    seat: str
    act: str = "roll"

    def to_json(self) -> dict:
        return {"seat": self.seat, "act": self.act}


class Turn(NamedTuple):
    seat: str
    number: int


class HighRollState(NamedTuple):
    config: GameConfig
    turn: Turn
    rolls: tuple[tuple[str, int], ...] = ()
    winner: str | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def _roll(state, action):
    die = roll("high_roll", state.config.seed, f"{state.turn.number}", 1)[0]
    rolls = state.rolls + ((action.seat, die),)
    seats = state.config.seats
    turn = Turn(next_seat(seats, action.seat), state.turn.number + 1)
    if len(rolls) < len(seats):
        return state._replace(rolls=rolls, turn=turn)
    best = max(d for _, d in rolls)
    top = [s for s, d in rolls if d == best]
    return state._replace(rolls=rolls, turn=turn, winner=top[0]) if len(top) == 1 else state._replace(rolls=(), turn=turn)


class HighRoll(Game):
    name = "high_roll"
    title = "High Roll"
    order = 90
    config_type = GameConfig
    moves = {"roll": (lambda state, action: None if action.seat == state.turn.seat else _not_yours(state), _roll)}

    def new_game(self, edition, config):
        return HighRollState(config, Turn(config.seats[0], 1))

    def parse_action(self, data):
        if not (isinstance(data, dict) and data.get("act") == "roll" and data.get("seat") in SEATS and len(data) == 2):
            raise MalformedAction(f"a High Roll action is {{\"seat\": ..., \"act\": \"roll\"}}, not {data!r}")
        return Roll(data["seat"])

    def candidates(self, state):
        return [Roll(s) for s in state.config.seats]

    def position(self, state, viewer=None, actions=None):
        return {"mode": self.name, "game": self.name, "rolls": [list(r) for r in state.rolls], "turn": self.current_player(state),
                "winner": state.winner, "actions": actions}


def _not_yours(state):
    from clacks_hw.game.core.rejection import CoreCode, Rejection

    return Rejection(CoreCode.NOT_YOUR_TURN, f"It is {state.turn.seat}'s roll.")


BOX = GameBox("high_roll", "High Roll", (HighRoll(),))
NOT_A_BOX = {"name": "high_roll"}  # what a careless plugin might point its entry point at
MODES_NOT_GAMES = GameBox("odd", "Odd", ("high_roll",))  # names its modes instead of giving them
TAKES_A_BUILT_IN_NAME = GameBox("thief", "Thief", (type("Thief", (HighRoll,), {"name": "competitive"})(),))
