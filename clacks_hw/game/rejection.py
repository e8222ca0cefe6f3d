"""A rule's answer when an action is not allowed: a stable code and a sentence for players."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rejection:
    code: str
    message: str

    def __bool__(self) -> bool:  # so `if rejection:` reads naturally
        return True

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message}


# The stable codes, for the board, the journal tools and anyone scripting against them.
CODES = {
    "game_over": "the game has ended",
    "not_playing": "that seat is not in this game",
    "not_your_turn": "only the player whose turn it is may do that",
    "wrong_colour": "a pawn moves only between buttons of its own colour",
    "occupied": "another pawn or the Deep Dwarf stands on that button",
    "already_there": "the pawn is already on that button",
    "moved_after_play": "moves are only possible before the first jacquard of the turn",
    "locked_down": "TOWER LOCKDOWN: no moving this turn",
    "over_budget": "not enough stress points left this turn",
    "unknown_card": "no such card in this edition",
    "not_a_jacquard": "only jacquards can be played that way",
    "not_a_fault": "only Fault Report cards can be played that way",
    "not_in_hand": "the card is not in that player's hand",
    "in_discard": "the card is in the discard pile",
    "played_this_turn": "the card was already played this turn",
    "needs_lamps": "the action must say which lamps the card flips",
    "needs_tower": "the action must say which tower",
    "bad_placement": "the card's pattern cannot flip exactly those lamps",
    "must_play": "at least one jacquard must be played each turn",
    "nothing_to_cancel": "no Fault Report card was just played against this player",
    "not_against_you": "the card just played does not harm the player who would cancel it",
    "not_express": "timeouts only exist in the Express variant",
    "too_early": "the turn's time has not run out yet",
    "time_up": "the turn's time has run out",
    "not_in_mode": "that action does not exist in this game mode",
}


def points(n: int) -> str:
    return f"{n} stress point{'s' * (n != 1)}"


def left(n: int) -> str:
    n = max(0, n)  # SEIZED GEARS after spending can push the budget below what was spent
    return f"{n} {'is' if n == 1 else 'are'} left this turn"
