"""Helpers for the daemon tests: a controller on a fake clock, button presses and card taps,
and a scripted player that turns engine positions into board inputs (buttons and cards)."""

from __future__ import annotations

import random

from clacks_hw.daemon.cards import CardMap
from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.events import CardTap
from clacks_hw.daemon.session import JournalStore
from clacks_hw.drivers.card_reader import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.game.board import TOWERS
from clacks_hw.game.edition_files import default_edition
from clacks_hw.game.planner import plan, towers_open
from clacks_hw.game.state import GameState

EDITION = default_edition()


def uid_of(card: str) -> str:
    """A made-up 7-byte NTAG uid for each card (upper-case hex)."""
    n = sum(ord(c) * 31 ** k for k, c in enumerate(card)) & 0xFFFFFFFFFF
    return f"04{n:010X}80"


def all_cards(edition=EDITION) -> list[str]:
    return list(edition.jacquards) + list(edition.cards) + [f"W:{w}" for w in edition.words]


def card_map(edition=EDITION) -> CardMap:
    return CardMap({uid_of(c): c for c in all_cards(edition)})


class Rig:
    """A Controller on a FakeClock with a journal store in ``tmp``."""

    def __init__(self, tmp, clock, seed: int = 7, **settings) -> None:
        self.clock = clock
        self.store = JournalStore(tmp, EDITION, "test")
        self.reports: list[str] = []
        s = {"demo_step_s": 0.5, **settings}
        self.ctrl = Controller(EDITION, self.store, card_map(), Settings(**s), rng=random.Random(seed),
                               now=clock.now(), report=self.reports.append)

    @property
    def state(self) -> GameState:
        return self.ctrl.session.state

    def press(self, name: str, dt: float = 0.1) -> None:
        self.clock.advance(dt)
        self.ctrl.handle(ButtonEvent("press", name, self.clock.now()), self.clock.now())
        self.ctrl.handle(ButtonEvent("release", name, self.clock.now(), 0.05), self.clock.now())

    def chord(self) -> None:
        self.clock.advance(3.0)
        self.ctrl.handle(ButtonEvent("chord", "PREV+NEXT", self.clock.now(), 3.0), self.clock.now())

    def tap(self, card: str, dt: float = 0.1) -> None:
        self.clock.advance(dt)
        self.ctrl.handle(ReaderEvent("tag", 0, uid_of(card)), self.clock.now())
        self.ctrl.handle(ReaderEvent("gone", 0, uid_of(card)), self.clock.now())

    def tap_id(self, card: str) -> None:
        self.ctrl.handle(CardTap(card), self.clock.now())

    def tick(self, dt: float) -> None:
        self.clock.advance(dt)
        self.ctrl.tick(self.clock.now())

    def start_game(self, words=(), express=False) -> None:
        """Attract -> setup (competitive, S+N) -> a game, tapping ``words`` as word cards."""
        self.press("PLAY")
        assert self.ctrl.screen == "setup"
        self.press("PLAY")  # mode C
        if express:
            self.press("TURN")  # E on
        self.press("PLAY")  # variants
        self.press("PLAY")  # seats S N
        for w in words:
            self.tap(f"W:{w}")
        self.press("PLAY")  # deal the rest, start
        assert self.ctrl.screen == "game", self.reports[-3:]


def script(state: GameState) -> list[tuple[str, str]]:
    """The inputs for the next engine action of a simple player who always takes the board's
    first suggestion: ("button", name) or ("card", card id)."""
    seat = state.turn.seat
    p = state.player(seat)
    turn = state.turn
    pl = plan(state)
    if pl is not None:
        if p.tower != pl.tower:
            return [("button", TOWERS[pl.tower].name)]
        return [("card", pl.cards[0]), ("button", "PLAY")]
    if turn.played:
        return [("button", "PLAY")]  # end the turn
    if p.tower is None or (p.tower == p.last_tx and not turn.no_move):
        options = [t for t, cost in towers_open(state, seat) if cost <= 1 and t != p.tower]
        if options:
            return [("button", TOWERS[options[0]].name)]
    jac = state.edition.jacquards
    affordable = sorted((c for c in p.hand if jac[c].cost <= turn.left), key=lambda c: (jac[c].cost, c))
    if affordable:
        return [("card", affordable[0]), ("button", "PLAY")]
    return [("button", "PLAY")]
