"""A rule's answer when an action is not allowed: a stable code and a sentence for players.

The codes every game can give (the game is over, a seat that is not playing, an action the
game does not have, not your turn) are the core's; each game adds its own in an enumeration
of its own (``with_core_codes``), which its docs list.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CoreCode(StrEnum):
    """The refusals of every game (each compares equal to its string: ``CoreCode.GAME_OVER ==
    "game_over"``)."""

    GAME_OVER = "game_over"  # the game has ended
    NOT_PLAYING = "not_playing"  # that seat is not in this game
    NOT_IN_MODE = "not_in_mode"  # that action does not exist in this game
    NOT_YOUR_TURN = "not_your_turn"  # only the player whose turn it is may do that


def with_core_codes(own: type[StrEnum]) -> type[StrEnum]:
    """One enumeration of every code a game can give: the core's, then ``own`` (its name and
    docstring kept). A code means one thing across games: a game may not reuse a core name."""
    clash = {m.name for m in own} & {m.name for m in CoreCode}
    if clash:
        raise ValueError(f"{own.__qualname__} redefines the core's {', '.join(sorted(clash))}")
    members = [(m.name, m.value) for m in CoreCode] + [(m.name, m.value) for m in own]
    codes = StrEnum(own.__name__, members, module=own.__module__, qualname=own.__qualname__)
    codes.__doc__ = own.__doc__
    return codes


@dataclass(frozen=True, slots=True)
class Rejection:
    """``message`` is for the seat the refusal concerns; when it names a hand that ``private``
    may hide from others (the game's ``hidden_hands``), ``public`` is the sentence everybody
    else reads."""

    code: StrEnum
    message: str
    public: str | None = None
    private: str | None = None  # the seat whose hidden hand ``message`` names

    def __bool__(self) -> bool:  # so `if rejection:` reads naturally
        return True

    def to_json(self) -> dict:
        return {"code": str(self.code), "message": self.message}
