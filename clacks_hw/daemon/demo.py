"""The attract mode's self-playing demo: bots play games on the lamps, one action at a time."""

from __future__ import annotations

import logging
import random

from ..game.bots import bot_action
from ..game.edition import Edition
from ..game.rejection import Rejection
from ..game.rules import apply
from ..game.setup import deal_words, new_game
from ..game.state import SEAT_SETS, GameConfig, GameState

log = logging.getLogger(__name__)


class Demo:
    def __init__(self, edition: Edition, rng: random.Random, step_s: float = 0.8, rest_s: float = 3.0) -> None:
        self.edition, self.rng, self.step_s, self.rest_s = edition, rng, step_s, rest_s
        self.state: GameState | None = None
        self.next_at = 0.0

    def start(self, now: float) -> None:
        seats = SEAT_SETS[self.rng.choice((2, 2, 3, 4))]
        seed = self.rng.randrange(1 << 30)
        words = deal_words(self.edition, seats, 1, seed)
        self.state = new_game(self.edition, GameConfig(seats=seats, words=words, seed=seed))
        self.next_at = now + self.step_s

    def due(self, now: float) -> bool:
        return self.state is None or now >= self.next_at

    def step(self, now: float) -> tuple[GameState, GameState] | None:
        """One bot action if it is time: (before, after), or None."""
        if self.state is None or self.state.over:
            self.start(now)
            return None
        before = self.state
        try:
            result = apply(before, bot_action(before, self.rng))
        except (IndexError, ValueError):  # no legal action at all: deal a new demo game
            result = None
        if result is None or isinstance(result, Rejection):
            self.start(now)
            return None
        self.state = result
        self.next_at = now + (self.rest_s if result.over else self.step_s)
        return before, result
