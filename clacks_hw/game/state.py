"""The game state: frozen values, so every accepted action yields a new state.

``board`` is the 16-bit lamp board. Hands are tuples of card ids when the engine deals
(``tracked``); in ``physical`` games the engine only counts cards in hands and learns a card
when it is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .edition import Edition

BUDGET = 5  # stress points per competitive turn
HAND = 3  # jacquards held after drawing, competitive
EXPRESS_SECONDS = 60.0

MODES = ("competitive",)
HANDS = ("tracked", "physical")
VARIANTS = {"competitive": ("express", "long_message", "quick")}
SEAT_SETS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
DWARF_SEAT = "W"  # in a 3-player game, the player with nobody opposite


@dataclass(frozen=True)
class GameConfig:
    seats: tuple[str, ...]
    words: dict[str, tuple[str, ...]]  # seat -> its Clacks word(s)
    seed: int = 0
    hands: str = "tracked"
    mode: str = "competitive"
    variants: frozenset[str] = frozenset()

    def has(self, variant: str) -> bool:
        return variant in self.variants


@dataclass(frozen=True, slots=True)
class Player:
    seat: str
    signals: tuple[str, ...]  # what this seat must send, in order
    sent: int = 0
    tower: int | None = None  # None: still on the start button
    last_tx: int | None = None  # tower of the last transmitted signal
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


@dataclass(frozen=True, slots=True)
class Turn:
    seat: str
    number: int = 1
    start_tower: int | None = None  # where the pawn began this turn (tentative moves)
    dwarf_before: int | None = None  # the Deep Dwarf's button when the turn began
    move_cost: int = 0
    card_cost: int = 0
    played: tuple[str, ...] = ()  # jacquards played this turn
    flipped: int = 0  # lamps flipped at least once this turn
    budget_delta: int = 0
    no_move: bool = False
    transmitted: bool = False

    @property
    def spent(self) -> int:
        return self.move_cost + self.card_cost

    @property
    def budget(self) -> int:
        return BUDGET + self.budget_delta

    @property
    def left(self) -> int:
        return self.budget - self.spent


@dataclass(frozen=True, slots=True)
class LastFault:
    """A Fault Report card just played, kept so EMERGENCY REPAIR can cancel it."""

    seat: str
    card: str
    before: "GameState"


@dataclass(frozen=True, slots=True)
class GameState:
    edition: Edition = field(compare=False, repr=False)
    config: GameConfig
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

    @property
    def over(self) -> bool:
        return self.winner is not None

    def player(self, seat: str) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def current(self) -> Player:
        return self.player(self.turn.seat)

    def with_player(self, new: Player) -> "GameState":
        return replace(self, players=tuple(new if p.seat == new.seat else p for p in self.players))

    def next_seat(self, seat: str) -> str:
        seats = self.config.seats
        return seats[(seats.index(seat) + 1) % len(seats)]
