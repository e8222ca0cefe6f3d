"""The set-up of a KLACKERS game: the core's, and how many won rounds end it; no words, no
cards. Its seats, variants and the checks of a set-up."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from ..core.config import GameConfig
from ..core.computer import computer_problem
from ..core.errors import SetupError
from ..core.names import names_problem
from ..core.table import HANDS, SEAT_SETS

VARIANTS = ("hughie", "klack_to_win", "klack_worth_two")
ROUNDS = (1, 20)  # how many won rounds a game may be set to last


@dataclass(frozen=True)
class KlackersConfig(GameConfig):
    _: KW_ONLY
    mode: str = "klackers"
    rounds: int = 3  # the game ends when this many rounds have been won

    def options_record(self) -> dict:
        return {"rounds": self.rounds}

    @classmethod
    def options_from_record(cls, record: dict) -> dict:
        if record.get("words"):
            raise SetupError("KLACKERS has no words to send: leave words empty")
        return {"rounds": record["rounds"]} if record.get("rounds") is not None else {}


def seatings() -> tuple[tuple[str, ...], ...]:
    """The seats KLACKERS is played from: 2 to 4 players, in turn (clockwise) order."""
    return tuple(SEAT_SETS.values())


def klackers_config(seats, seed: int = 0, hands: str = "tracked", variants=(), rounds: int = 3) -> KlackersConfig:
    """The set-up of a KLACKERS game."""
    return KlackersConfig(seats=tuple(seats), seed=seed, hands=hands, variants=frozenset(variants), rounds=rounds)


def check_config(config: KlackersConfig) -> None:
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
    why = names_problem(config.names, config.seats) or computer_problem(config.computer, config.seats)
    if why:
        raise SetupError(why)
