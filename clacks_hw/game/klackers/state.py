"""A game of KLACKERS: its set-up and its state, immutable values like the rest of the engine.

Each player plays one turn a round on the nine numbers, which all start up; the engine keeps
only the numbers of the player whose turn it is (``up``) and the scores of those who have
played. Chips are kept as balances that start at 0 and always add up to 0: a won round makes
every other player pay its worth to the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..names import names_problem
from ..setup import SetupError
from ..state import HANDS, SEAT_SETS, GameConfig
from .numbers import ALL_UP

VARIANTS = ("hughie", "klack_to_win", "klack_worth_two")
ROUNDS = (1, 20)  # how many won rounds a game may be set to last
HUGHIE_NO_POINT = 10  # the Hughie rule: a score of this or more is "no point"

PHASES = ("opening", "turn", "over")  # opening: everybody rolls one die to see who begins


def seatings() -> tuple[tuple[str, ...], ...]:
    """The seats KLACKERS is played from: 2 to 4 players, in turn (clockwise) order."""
    return tuple(SEAT_SETS.values())


def klackers_config(seats, seed: int = 0, hands: str = "tracked", variants=(), rounds: int = 3) -> GameConfig:
    """The set-up of a KLACKERS game: the shared GameConfig, with no words to send."""
    return GameConfig(seats=tuple(seats), words={}, seed=seed, hands=hands, mode="klackers",
                      variants=frozenset(variants), rounds=rounds)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: its winner, or why it was pushed to the next round."""

    round: int
    worth: int
    scores: tuple[tuple[str, int], ...]  # (seat, score) in the order the players rolled
    winner: str | None
    reason: str  # "won", or a push: "tie", "two_klacks", "no_point" (Hughie), "no_klack"
    klack_bonus: tuple[str, ...] = field(default=())  # Klack is worth two: who was paid a chip


class KlackersTurn(NamedTuple):
    """Whose turn it is, and the how-manyth turn of the game (what the board logs and resumes)."""

    seat: str
    number: int


class KlackersState(NamedTuple):
    config: GameConfig  # mode "klackers"; hands: the dice rolled by the board or at the table
    phase: str
    seat: str  # who acts next
    first: str | None  # who began the current round (None during the opening roll)
    chips: tuple[int, ...]  # one balance per seat, in config.seats order
    up: int = ALL_UP  # the numbers still up for the player whose turn it is
    dice: tuple[int, ...] = ()  # the roll the player must now pull numbers for
    one_die: bool = False  # ``dice`` is the one-die roll, the turn's last
    last_roll: tuple[int, ...] = ()  # the most recent roll, kept for the board to show
    rolls: int = 0  # rolls the board has made (the dice generator's counter)
    round: int = 1  # counts pushed rounds too
    worth: int = 1  # chips the round's winner takes from each other player
    scores: tuple[tuple[str, int], ...] = ()  # this round so far, in the order played
    klacks: tuple[str, ...] = ()  # who KLACKed this round
    won: int = 0  # rounds won so far
    contenders: tuple[str, ...] = ()  # opening: the seats still rolling for who begins
    opening: tuple[tuple[str, int], ...] = ()  # opening: this pass's rolls so far
    results: tuple[RoundResult, ...] = ()
    winners: tuple[str, ...] = ()  # when the game is over: the most chips (ties share)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def edition(self) -> None:
        return None  # no cards, no alphabet: KLACKERS needs no edition

    @property
    def turn(self) -> KlackersTurn:
        played = sum(len(r.scores) for r in self.results) + len(self.scores)
        return KlackersTurn(self.seat, played + 1)

    @property
    def winner(self) -> str | None:
        """Who won the game ("S and N" when they share it); None while it goes on."""
        return " and ".join(self.winners) or None

    def chips_of(self, seat: str) -> int:
        return self.chips[self.config.seats.index(seat)]

    def score_of(self, seat: str) -> int | None:
        return dict(self.scores).get(seat)

    def next_seat(self, seat: str) -> str:
        seats = self.config.seats
        return seats[(seats.index(seat) + 1) % len(seats)]


def check_config(config: GameConfig) -> None:
    """Raise SetupError saying what to change when ``config`` is no KLACKERS game."""
    if tuple(config.seats) not in seatings():
        sets = "; ".join(" ".join(s) for s in seatings())
        raise SetupError(f"seats {' '.join(config.seats)} are not a KLACKERS seating: use {sets}")
    if type(config.seed) is not int:
        raise SetupError(f"seed {config.seed!r} must be a whole number")
    if config.hands not in HANDS:
        raise SetupError(f"hands {config.hands!r} (where the dice are rolled) must be one of {', '.join(HANDS)}")
    unknown = set(config.variants) - set(VARIANTS)
    if unknown:
        raise SetupError(f"variant(s) {', '.join(sorted(unknown))} do not exist for KLACKERS; "
                         f"choose from {', '.join(VARIANTS)}")
    lo, hi = ROUNDS
    if type(config.rounds) is not int or not lo <= config.rounds <= hi:
        raise SetupError(f"rounds {config.rounds!r} must be a whole number from {lo} to {hi}")
    if config.words:
        raise SetupError("KLACKERS has no words to send: leave words empty")
    why = names_problem(config.names, config.seats)
    if why:
        raise SetupError(why)


def new_game(config: GameConfig) -> KlackersState:
    """A game at its start: every player rolls one die, in seat order, to see who begins."""
    check_config(config)
    config = GameConfig(seats=tuple(config.seats), words={}, seed=config.seed, hands=config.hands,
                        mode="klackers", variants=frozenset(config.variants), rounds=config.rounds,
                        names=dict(config.names))
    seats = config.seats
    return KlackersState(config=config, phase="opening", seat=seats[0], first=None,
                         chips=(0,) * len(seats), contenders=seats)
