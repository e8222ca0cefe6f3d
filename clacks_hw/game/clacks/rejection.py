"""Every code a Clacks refusal can carry, the core's and its own (docs/rules.md lists them; a
test keeps the two in step), and the wording of stress points in refusals."""

from __future__ import annotations

from enum import StrEnum

from ..core.rejection import with_core_codes


@with_core_codes
class Code(StrEnum):
    """Every code a Clacks refusal can carry, for the board, the journal tools and anyone
    scripting against them (each compares equal to its string, e.g. ``Code.OVER_BUDGET ==
    "over_budget"``)."""

    TIME_UP = "time_up"  # Express: the turn's time has run out
    TOO_EARLY = "too_early"  # Express: the turn's time has not run out yet
    NOT_EXPRESS = "not_express"  # timeouts only exist in the Express variant
    NEEDS_TOWER = "needs_tower"  # the action must say which tower
    NEEDS_LAMPS = "needs_lamps"  # the action must say which lamps the card flips
    NEEDS_CARD = "needs_card"  # a swap must name the jacquard discarded
    NEEDS_SOURCE = "needs_source"  # a swap must name the report card
    WRONG_COLOUR = "wrong_colour"  # a pawn moves only between buttons of its own colour
    OCCUPIED = "occupied"  # another pawn or the Deep Dwarf stands on that button
    ALREADY_THERE = "already_there"  # the pawn is already on that button
    MOVED_AFTER_PLAY = "moved_after_play"  # moves are only possible before the first jacquard
    LOCKED_DOWN = "locked_down"  # TOWER LOCKDOWN: no moving this turn
    OVER_BUDGET = "over_budget"  # not enough stress points left this turn
    UNKNOWN_CARD = "unknown_card"  # no such card in this edition
    NOT_A_JACQUARD = "not_a_jacquard"  # only jacquards can be played that way
    NOT_A_FAULT = "not_a_fault"  # only Fault Report cards can be played that way
    NOT_IN_HAND = "not_in_hand"  # the card is not in that player's hand
    IN_DISCARD = "in_discard"  # the card is on the discard pile
    PLAYED_THIS_TURN = "played_this_turn"  # the card was already played this turn
    BAD_PLACEMENT = "bad_placement"  # the card's pattern cannot flip exactly those lamps
    MUST_PLAY = "must_play"  # at least one jacquard must be played each turn
    NOTHING_TO_CANCEL = "nothing_to_cancel"  # no Fault Report card was just played against you
    NOT_AGAINST_YOU = "not_against_you"  # the card just played does not harm the repairer
    CHOICE_PENDING = "choice_pending"  # a revealed Fault Report card waits for a choice
    NOT_YOUR_CHOICE = "not_your_choice"  # another seat chooses for the revealed card
    WRONG_CARD = "wrong_card"  # the revealed card is another one
    NOTHING_REVEALED = "nothing_revealed"  # no Fault Report card waits to be applied
    SWAPPED_ALREADY = "swapped_already"  # one swap a turn
    NOT_ON_TABLE = "not_on_table"  # that report card is not on the table
    ONE_JACQUARD = "one_jacquard"  # CHARACTER SABOTAGE: one jacquard a turn
    MUST_PLAY_LIFTED = "must_play_lifted"  # the jacquard lifted by a swap must be played
    NOTHING_TO_DISCARD = "nothing_to_discard"  # the board: a swap needs a jacquard in hand


def points(n: int) -> str:
    return f"{n} stress point{'s' * (n != 1)}"


def left(n: int) -> str:
    n = max(0, n)  # SEIZED GEARS after spending can push the budget below what was spent
    return f"{n} {'is' if n == 1 else 'are'} left this turn"
