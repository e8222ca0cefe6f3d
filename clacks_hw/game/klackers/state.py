"""A game of KLACKERS: its state, an immutable value like every engine's (config.py has its
set-up).

Each player plays one turn a round on the nine numbers, which all start up; the engine keeps
only the numbers of the player whose turn it is (``up``) and the scores of those who have
played. Chips are kept as balances that start at 0 and always add up to 0: a won round makes
every other player pay its worth to the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.table import next_seat
from .config import KlackersConfig, check_config
from .numbers import ALL_UP

HUGHIE_NO_POINT = 10  # the Hughie rule: a score of this or more is "no point"

PHASES = ("opening", "turn", "over")  # opening: everybody rolls one die to see who begins


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
    config: KlackersConfig  # mode "klackers"; hands: the dice rolled by the board or at the table
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
        return next_seat(self.config.seats, seat)


def new_game(config: KlackersConfig) -> KlackersState:
    """A game at its start: every player rolls one die, in seat order, to see who begins."""
    check_config(config)
    config = KlackersConfig(seats=tuple(config.seats), seed=config.seed, hands=config.hands,
                            variants=frozenset(config.variants), rounds=config.rounds, names=dict(config.names),
                            computer=dict(config.computer))
    seats = config.seats
    return KlackersState(config=config, phase="opening", seat=seats[0], first=None,
                         chips=(0,) * len(seats), contenders=seats)
