"""Actions players take, and their JSON form (one journal line each).

Two kinds of failure, as in python-chess: ``MalformedAction`` (core/errors.py) when the input
is not an action at all (a missing key, a lamp 17), and a ``Rejection`` from the rules when it
is a well-formed action the position does not allow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.errors import MalformedAction, suggest
from ..core.table import SEATS
from .board import TOWER_BY_NAME, TOWERS, lamps_of, mask_of

ACTS = ("move", "play", "end", "fault", "timeout", "swap")
KEYS = ("seat", "act", "tower", "card", "lamps", "time", "source")


@dataclass(frozen=True, slots=True)
class Action:
    seat: str
    act: str
    tower: int | None = None  # tower index 0..11
    card: str | None = None
    lamps: int | None = None  # 16-bit mask of the lamps flipped
    time: float | None = None  # Express: seconds since the turn began
    source: str | None = None  # co-op swap: the report card the jacquard is lifted from

    def to_json(self) -> dict:
        out: dict = {"seat": self.seat, "act": self.act}
        if self.tower is not None:
            out["tower"] = TOWERS[self.tower].name
        if self.card is not None:
            out["card"] = self.card
        if self.lamps is not None:
            out["lamps"] = lamps_of(self.lamps)
        if self.time is not None:
            out["time"] = self.time
        if self.source is not None:
            out["source"] = self.source
        return out

    def __str__(self) -> str:
        parts = [self.seat, self.act]
        if self.tower is not None:
            parts.append(TOWERS[self.tower].name)
        if self.card is not None:
            parts.append(self.card)
        if self.source is not None:
            parts.append(f"from {self.source}")
        if self.lamps is not None:
            parts.append("lamps " + ",".join(map(str, lamps_of(self.lamps))))
        if self.time is not None:
            parts.append(f"at {self.time:g}s")
        return " ".join(parts)


def parse_action(data) -> Action:
    """Build an Action from its JSON object, checking every key before using any."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, got {data!r}")
    for key in data:
        if key not in KEYS:
            raise MalformedAction(f"unknown key {key!r}{suggest(key, KEYS)}; an action has {', '.join(KEYS)}")
    seat, act = data.get("seat"), data.get("act")
    if seat not in SEATS:
        raise MalformedAction(f"seat {seat!r} must be one of {', '.join(SEATS)}")
    if act not in ACTS:
        raise MalformedAction(f"act {act!r} must be one of {', '.join(ACTS)}{suggest(act, ACTS)}")
    tower = data.get("tower")
    if tower is not None:
        if not isinstance(tower, str) or tower not in TOWER_BY_NAME:
            raise MalformedAction(f"tower {tower!r} must be R1..R6 or G1..G6{suggest(tower, TOWER_BY_NAME)}")
        tower = TOWER_BY_NAME[tower].index
    card = data.get("card")
    if card is not None and not (isinstance(card, str) and card.isalnum() and card[:1].isupper()):
        raise MalformedAction(f"card {card!r} must be a card id like \"J05\" or \"F03\"")
    lamps = data.get("lamps")
    if lamps is not None:
        if not (isinstance(lamps, list) and all(type(i) is int and 0 <= i <= 15 for i in lamps)):
            raise MalformedAction(f"lamps {lamps!r} must be a list of lamp numbers 0..15 (4*row+col)")
        if sorted(set(lamps)) != lamps:
            raise MalformedAction(f"lamps {lamps!r} must be sorted, each lamp once")
        lamps = mask_of(lamps)
    t = data.get("time")
    if t is not None and (type(t) not in (int, float) or not math.isfinite(t) or t < 0):
        raise MalformedAction(f"time {t!r} must be a number of seconds, 0 or more")
    source = data.get("source")
    if source is not None and not (isinstance(source, str) and source.isalnum()):
        raise MalformedAction(f"source {source!r} must be a card id like \"I03\" or \"L02\"")
    return Action(seat, act, tower, card, lamps, None if t is None else float(t), source)
