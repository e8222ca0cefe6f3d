"""The game state: immutable values, so every accepted action yields a new state.

Player, Turn and GameState are named tuples rather than frozen dataclasses: the engine makes a
few new ones per action and a named tuple's ``_replace`` is about five times cheaper (the
apply benchmark's budget is 25 us). ``core.values.replace`` works on both kinds.

``board`` is the 16-bit lamp board. Hands are tuples of card ids when the engine deals
(``tracked``); in ``physical`` games the engine only counts cards in hands and learns a card
when it is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..core.table import next_seat
from .config import ClacksConfig
from .edition import Edition

BUDGET = 5  # stress points per competitive turn
HAND = 3  # jacquards held after drawing, competitive
ROUTES = {"easy": 38, "hard": 34}  # Post Office steps to Genua on each route
ROUTE_TOWERS = 12  # Clacks tower locations on each route, Genua the last
JUNIOR_FAULT_TOWERS = (3, 6, 9)  # landing on these reveals a Fault Report card
NO_BUDGET = 10**6  # the co-operative and junior games have no per-turn limit
DWARF_SEAT = "W"  # in a 3-player game, the player with nobody opposite


class Player(NamedTuple):
    seat: str
    signals: tuple[str, ...]  # what this seat must send, in order
    sent: int = 0
    tower: int | None = None  # None: still on the start button
    last_tx: int | None = None  # tower of the last transmitted signal
    sent_from: tuple[int, ...] = ()  # the tower each signal standing to this seat's credit went from
    hand: tuple[str, ...] = ()  # tracked jacquards
    hand_count: int = 0
    faults: tuple[str, ...] = ()  # tracked Fault Report cards
    sabotaged: bool = False
    last_turn_cost: int = 0

    @property
    def finished(self) -> bool:
        return self.sent >= len(self.signals)

    @property
    def next_signal(self) -> str | None:
        return None if self.finished else self.signals[self.sent]


class Turn(NamedTuple):
    seat: str
    number: int = 1
    start_tower: int | None = None  # where the pawn began this turn (tentative moves)
    dwarf_before: int | None = None  # the Deep Dwarf's button when the turn began
    move_cost: int = 0
    card_cost: int = 0
    played: tuple[str, ...] = ()  # jacquards played this turn
    faults_played: tuple[str, ...] = ()  # Fault Report cards played this turn
    flipped: int = 0  # lamps flipped at least once this turn
    budget_delta: int = 0
    no_move: bool = False
    transmitted: bool = False
    stamps_drawn: int = 0  # Night Shift: stamped jacquards drawn by card effects this turn
    base_budget: int = BUDGET
    # co-operative modes
    swapped: bool = False  # at most one swap a turn
    lifted: str | None = None  # the jacquard lifted by a swap, to be played this turn ("*": unknown)
    po_cap: int | None = None  # GARGOYLE ON SHIFT: the Post Office moves at most this far
    po_discount: int = 0  # QUIET SHIFT: the Post Office moves this many fewer steps
    moments: tuple = ()  # what this turn's actions decided, as core.view.Moment codes (moments.py)

    @property
    def spent(self) -> int:
        return self.move_cost + self.card_cost

    @property
    def budget(self) -> int:
        return self.base_budget + self.budget_delta

    @property
    def left(self) -> int:
        return self.budget - self.spent


@dataclass(frozen=True, slots=True)
class Report:
    """An Incident Report or Operator's Log card on the table with a jacquard lying on it."""

    card: str  # I.. or L..
    jacquard: str | None  # None: unknown to the engine (physical cards face down)
    face_up: bool  # the selected jacquards lie face up on the Incident Report cards


@dataclass(frozen=True, slots=True)
class LastFault:
    """A Fault Report card just played, kept so EMERGENCY REPAIR can cancel it."""

    seat: str
    card: str
    before: "GameState"


class GameState(NamedTuple):
    edition: Edition
    config: ClacksConfig
    board: int
    players: tuple[Player, ...]  # in clockwise seat order
    turn: Turn
    first: str  # the seat that started the game (rounds begin with it)
    bag: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    fault_deck: tuple[str, ...] = ()
    shuffles: int = 0  # how many times the discards went back into the bag
    dwarf: int | None = None
    sabotage: tuple[str, int] | None = None  # (sender, tower) open to Last Letter Sabotage
    finishers: tuple[str, ...] = ()  # Quick Game: who finished this round
    winner: str | None = None
    last_fault: LastFault | None = None
    # co-operative and junior modes
    message: tuple[str, ...] = ()  # race/solitaire: the team's signals
    signals_sent: int = 0
    sent_from: tuple[int, ...] = ()  # race/solitaire: the tower each team signal went from
    post_office: int = 0
    post_office_goal: int = 0
    stress_total: int = 0  # every stress point spent (each moved the Post Office a step)
    card_moves: int = 0  # Post Office steps added (or taken away) by cards
    reports: tuple[Report, ...] = ()
    one_jacquard_until: int = 0  # CHARACTER SABOTAGE lasts until this turn number begins
    skip_draw: int | None = None  # WORKERS' STRIKE: the turn (number) that skips its draw
    shield: tuple[str, ...] = ()  # Night Shift EMERGENCY REPAIR: cancels the next reveal if named
    pending: tuple[str | None, ...] = ()  # revealed Fault Report cards awaiting a choice (None:
    # physical, unknown until tapped)
    pending_chained: tuple[bool, ...] = ()  # each pending card: revealed by a CLACKS TECHNICIAN?
    pending_seat: str | None = None  # who makes those choices

    @property
    def over(self) -> bool:
        return self.winner is not None

    def player(self, seat: str) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def has_dwarf(self) -> bool:
        """The Deep Dwarf plays in a 3-player competitive game, following W."""
        return self.config.game.has_dwarf(self)

    def dwarf_for(self, seat: str) -> int | None:
        """Where the Dwarf blocks ``seat``: for W, where it stood when W's turn began."""
        if not self.has_dwarf:
            return None
        return self.turn.dwarf_before if seat == DWARF_SEAT else self.dwarf

    def occupant(self, seat: str, tower: int) -> str | None:
        """Who stands on ``tower`` so that ``seat``'s pawn may not stop there ("N's pawn",
        "The Deep Dwarf"), or None."""
        for q in self.players:
            if q.seat != seat and q.tower == tower:
                return f"{q.seat}'s pawn"
        return "The Deep Dwarf" if self.dwarf_for(seat) == tower else None

    @property
    def current(self) -> Player:
        return self.player(self.turn.seat)

    def with_player(self, new: Player) -> "GameState":
        return self._replace(players=tuple(new if p.seat == new.seat else p for p in self.players))

    def __repr__(self) -> str:  # the edition is long and the same for every state of a game
        shown = ", ".join(f"{k}={v!r}" for k, v in zip(self._fields[1:], self[1:]))
        return f"GameState({shown})"

    def next_signal(self, seat: str) -> str | None:
        """What ``seat`` would send next (the team's next signal in the team games); None when
        nothing is left to send."""
        return self.config.game.next_signal(self, seat)

    def next_seat(self, seat: str) -> str:
        return next_seat(self.config.seats, seat)
