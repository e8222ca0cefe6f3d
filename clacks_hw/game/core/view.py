"""Who is looking: the one policy every game's views follow (OpenSpiel's observer types,
boardgame.io's ``playerView``).

A viewer is ``None`` (the journal tools: the whole record, hands and all), ``PUBLIC``
(everybody at once: the board's notices, the status page, the hall, a log line) or a seat
(that player alone). Each game decides in one place, its ``hidden_hands``, which seats' hands a
viewer may not see; every view and every refusal's sentence is built from that answer.
"""

from __future__ import annotations

from typing import NamedTuple

from .rejection import Rejection

PUBLIC = "public"  # the viewer "everybody"


class Moment(NamedTuple):
    """A decisive moment of a game as codes and values, never words (views/moments.py says
    them for every display): ``code`` names what happened or stands open (codes are unique across
    the games, so no view asks which game it is), ``seat`` whom it is about, ``values`` the rest
    as (name, value) pairs of plain JSON values. Everything in it is public."""

    code: str
    seat: str | None = None
    values: tuple[tuple[str, object], ...] = ()

    def json(self) -> dict:
        return {"code": self.code, "seat": self.seat, **dict(self.values)}


class Summary(NamedTuple):
    """A glance at the table (a hall's card, a banner): whose turn and what they do there, how
    far the game is, and once it is over which seats won (none: nobody at the table) and how."""

    seat: str | None
    doing: str  # "to act", "to roll", ...
    progress: str  # "turn 12", "round 2, worth 1", ...
    winners: tuple[str, ...] = ()
    result: str = ""  # "with STAMP", "the Post Office reached Genua first", ...


def sentence_for(rejection: Rejection, hidden: frozenset[str]) -> str:
    """The sentence of ``rejection`` a viewer from whom the hands of ``hidden`` are hidden may
    read: the full one, unless it names one of those hands (then the public one)."""
    if rejection.private is not None and rejection.private in hidden:
        return rejection.public
    return rejection.message
