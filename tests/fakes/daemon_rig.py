"""Helpers for the daemon tests: a controller on a fake clock, button presses and card taps,
and a scripted player that turns engine positions into board inputs (buttons and cards)."""

from __future__ import annotations

import random

from clacks_hw.daemon.controller import Controller, Settings
from clacks_hw.daemon.events import CardTap
from clacks_hw.daemon.session import JournalStore
from clacks_hw.drivers.reader_events import ReaderEvent
from clacks_hw.drivers.debounce import ButtonEvent
from clacks_hw.game.clacks.board import TOWERS
from clacks_hw.game.clacks.planner import plan, towers_open
from clacks_hw.game.clacks.state import GameState
from clacks_hw.testing.cards import EDITION, all_cards, card_map, uid_of

__all__ = ["EDITION", "Rig", "all_cards", "card_map", "uid_of"]


class Rig:
    """A Controller on a FakeClock with a journal store in ``tmp``."""

    def __init__(self, tmp, clock, seed: int = 7, reader_seats=None, **settings) -> None:
        self.clock = clock
        self.store = JournalStore(tmp, EDITION, "test")
        self.reports: list[str] = []
        # The scripted players below take the board's first suggestion: the board hints for them.
        s = {"demo_step_s": 0.5, "hints": "on", **settings}
        self.ctrl = Controller(EDITION, self.store, card_map(), Settings(**s), rng=random.Random(seed),
                               now=clock.now(), report=self.reports.append, reader_seats=reader_seats)

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

    def tap(self, card: str, dt: float = 0.1, reader: int = 0) -> None:
        self.clock.advance(dt)
        self.ctrl.handle(ReaderEvent("tag", reader, uid_of(card)), self.clock.now())
        self.ctrl.handle(ReaderEvent("gone", reader, uid_of(card)), self.clock.now())

    @property
    def flashing_red(self) -> bool:
        return self.ctrl.view(self.clock.now()).error_since is not None

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

    def start_mode(self, mode: str, variants=(), seats=None, words=()) -> None:
        """Attract -> setup of ``mode`` with ``variants`` toggled on (``hard_route`` for the
        hard route) and the seat set ``seats`` (default: the first the mode offers) -> a game."""
        from clacks_hw.daemon.setup_menu import variants_of

        self.press("PLAY")
        for _ in range(8):
            if self.ctrl.setup.mode == mode:
                break
            self.press("NEXT")
        assert self.ctrl.setup.mode == mode
        self.press("PLAY")
        if self.ctrl.setup.page == "variants":
            for v in variants_of(mode):
                if v in variants:
                    self.press("TURN")
                self.press("NEXT")
            assert set(variants) <= set(self.ctrl.setup.variants)
            self.press("PLAY")
        if seats is not None:
            for _ in range(8):
                if self.ctrl.setup.seats == tuple(seats):
                    break
                self.press("NEXT")
            assert self.ctrl.setup.seats == tuple(seats)
        self.press("PLAY")
        if self.ctrl.screen == "setup":  # a game with words to tap (not KLACKERS)
            for w in words:
                self.tap(f"W:{w}")
            self.press("PLAY")
        assert self.ctrl.screen == "game", self.reports[-3:]

    def do(self, inputs) -> None:
        """Carry out ("button", name) / ("card", id) inputs as presses and taps."""
        for kind, what in inputs:
            if kind == "button":
                self.press(what)
            else:
                self.tap(what)


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


def coop_script(state: GameState, preview=None, swap_from: str | None = None) -> list[tuple[str, str]]:
    """The inputs for the next step of a simple race, solitaire or junior player who takes the
    board's first suggestion every time: a waiting choice (``preview`` open) is committed; the
    planner's first card is tapped and committed; with no plan, the lifted jacquard or the
    cheapest one is played where the board suggests, then the turn is ended. ``swap_from``: at
    the start of the turn, swap for the jacquard on that report card first (the first hand
    jacquard is discarded; a choice the card asks for takes the board's first suggestion)."""
    turn = state.turn
    if preview is not None:
        return [("button", "PLAY")]
    p = state.player(turn.seat)
    if swap_from is not None and not turn.played and not turn.swapped and p.hand_count:
        return [("card", swap_from), ("button", "PLAY")]  # PLAY discards the jacquard shown
    pl = plan(state)
    if pl is not None:
        return [("card", pl.cards[0]), ("button", "PLAY")]
    if turn.lifted not in (None, "*"):
        return [("card", turn.lifted), ("button", "PLAY")]
    if not turn.played and p.hand:
        jac = state.edition.jacquards
        return [("card", min(p.hand, key=lambda c: (jac[c].cost, c))), ("button", "PLAY")]
    return [("button", "PLAY")]  # end the turn


def play_coop(rig: Rig, swaps=(), limit: int = 800) -> list[str]:
    """Play a race, solitaire or junior game on ``rig`` to its end with :func:`coop_script`,
    swapping for the jacquards on the report cards ``swaps`` (in order, each at the start of
    the first turn that can). Returns the report cards swapped for."""
    wanted, done = list(swaps), []
    for _ in range(limit):
        if rig.ctrl.screen != "game":
            break
        s = rig.state
        shown = rig.ctrl.view(rig.clock.now()).preview
        source = None
        if wanted and shown is None and any(r.card == wanted[0] for r in s.reports):
            source = wanted[0]
        rig.do(coop_script(s, shown, source))
        if wanted and not any(r.card == wanted[0] for r in rig.ctrl.session.state.reports):
            done.append(wanted.pop(0))  # the swap went through (after its choice, if any)
    return done


def coop_game(tmp, mode: str = "race", seats=("S", "N"), hand=("J30", "J33"), reports=None,
              seed: int = 5, **settings) -> Rig:
    """A race or solitaire game started on the board, the current player holding ``hand`` and
    ``reports`` (Report tuples) on the table (tracked hands)."""
    from clacks_hw.game.core.values import replace
    from clacks_hw.testing.clock import FakeClock

    rig = Rig(tmp, FakeClock(0.0), seed=seed, **settings)
    rig.start_mode(mode, seats=seats)
    s = rig.state
    p = s.player(s.turn.seat)
    s = s.with_player(replace(p, hand=tuple(hand), hand_count=len(hand)))
    rig.ctrl.session.state = s if reports is None else replace(s, reports=tuple(reports))
    return rig
