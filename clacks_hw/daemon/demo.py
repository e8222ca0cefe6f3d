"""The attract mode's self-playing demo: bots play games on the lamps, one action at a time,
every game in turn (in the set-up menu's order, KLACKERS included), so a show's visitors see
them all. Each game object brings its own automatic players."""

from __future__ import annotations

import logging
import random

from ..game.core.editions import SHIPPED, Editions
from ..game.core.engine import apply, new_game
from ..game.core.registry import board_modes
from ..game.core.rejection import Rejection
from .setup_menu import SetupMenu, seatings

log = logging.getLogger(__name__)


class Demo:
    def __init__(self, edition, rng: random.Random, step_s: float = 0.8, rest_s: float = 3.0,
                 editions: Editions = SHIPPED) -> None:
        self.edition, self.rng, self.step_s, self.rest_s = edition, rng, step_s, rest_s
        self.editions = editions  # each game's box as the board plays it (config [editions])
        self.state = None  # the demo game
        self.next_at = 0.0
        self.games = 0  # dealt so far: the next one is the next game in turn

    def start(self, now: float) -> None:
        mode = board_modes()[self.games % len(board_modes())]
        self.games += 1
        seats = self.rng.choice(seatings(mode))
        seed = self.rng.randrange(1 << 30)
        # Set up as the board's menu would with nothing chosen: words dealt from the seed.
        menu = SetupMenu.from_defaults(mode, seats=seats)
        config = menu.game_config(self.edition.words, seed, editions=self.editions)
        self.state = new_game(self.edition, config)
        self.next_at = now + self.step_s
        log.debug("attract demo: %s, seats %s", mode, " ".join(seats))

    def due(self, now: float) -> bool:
        return self.state is None or now >= self.next_at

    def step(self, now: float) -> tuple | None:
        """One bot action if it is time: (before, after), or None."""
        if self.state is None or self.state.over:
            self.start(now)
            return None
        before = self.state
        try:
            result = apply(before, before.config.game.bot_action(before, self.rng))
        except (IndexError, ValueError):  # no legal action at all: deal a new demo game
            result = None
        if result is None or isinstance(result, Rejection):
            self.start(now)
            return None
        self.state = result
        self.next_at = now + (self.rest_s if result.over else self.step_s)
        return before, result
