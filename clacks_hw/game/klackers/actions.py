"""KLACKERS actions and their JSON form (one journal line each).

    {"seat": "S", "act": "roll"}                    the board rolls (tracked dice)
    {"seat": "S", "act": "roll", "dice": [3, 5]}    dice rolled at the table (physical dice)
    {"seat": "S", "act": "roll_one"}                the one-die option: the turn's last roll
    {"seat": "S", "act": "pull", "numbers": [3, 5]} pull numbers adding up to the roll

As for every game, ``MalformedAction`` says the input is not an action at all; whether the
position allows it is for the rules to say (a ``Rejection``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MalformedAction, suggest
from ..core.table import SEATS
from .dice import FACES
from .numbers import NUMBERS, mask_of, numbers_of

ACTS = ("roll", "roll_one", "pull")
KEYS = ("seat", "act", "dice", "numbers")


@dataclass(frozen=True, slots=True)
class KlackersAction:
    seat: str
    act: str
    dice: tuple[int, ...] | None = None  # physical dice: the faces rolled at the table
    numbers: int | None = None  # pull: the 9-bit mask of the numbers pulled

    def to_json(self) -> dict:
        out: dict = {"seat": self.seat, "act": self.act}
        if self.dice is not None:
            out["dice"] = list(self.dice)
        if self.numbers is not None:
            out["numbers"] = list(numbers_of(self.numbers))
        return out

    def __str__(self) -> str:
        parts = [self.seat, self.act.replace("_", " ")]
        if self.dice is not None:
            parts.append("dice " + " ".join(map(str, self.dice)))
        if self.numbers is not None:
            parts.append(" ".join(map(str, numbers_of(self.numbers))))
        return " ".join(parts)


def parse_action(data) -> KlackersAction:
    """Build an action from its JSON object, checking every key before using any."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, got {data!r}")
    for key in data:
        if key not in KEYS:
            raise MalformedAction(f"unknown key {key!r}{suggest(key, KEYS)}; a KLACKERS action has "
                                  f"{', '.join(KEYS)}")
    seat, act = data.get("seat"), data.get("act")
    if seat not in SEATS:
        raise MalformedAction(f"seat {seat!r} must be one of {', '.join(SEATS)}")
    if act not in ACTS:
        raise MalformedAction(f"act {act!r} must be one of {', '.join(ACTS)}{suggest(act, ACTS)}")
    dice = data.get("dice")
    if dice is not None:
        if not (isinstance(dice, list) and 1 <= len(dice) <= 2
                and all(type(d) is int and 1 <= d <= FACES for d in dice)):
            raise MalformedAction(f"dice {dice!r} must be a list of one or two faces, each 1..{FACES}")
        dice = tuple(dice)
    numbers = data.get("numbers")
    if numbers is not None:
        if not (isinstance(numbers, list) and numbers and all(type(n) is int and n in NUMBERS for n in numbers)):
            raise MalformedAction(f"numbers {numbers!r} must be a list of KLACKER numbers 1..9")
        if sorted(set(numbers)) != numbers:
            raise MalformedAction(f"numbers {numbers!r} must be in increasing order, each once")
        numbers = mask_of(numbers)
    return KlackersAction(seat, act, dice, numbers)
