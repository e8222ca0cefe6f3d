"""Every code a KLACKERS refusal can carry: the core's and its own (docs/klackers.md lists
them; a test keeps the two in step)."""

from __future__ import annotations

from enum import StrEnum

from ..core.rejection import with_core_codes


@with_core_codes
class Code(StrEnum):
    """Every code a KLACKERS refusal can carry (each compares equal to its string)."""

    BOARD_ROLLS = "board_rolls"  # the board rolls the dice in this game
    NEEDS_DICE = "needs_dice"  # a roll at the table must say the faces
    DICE_COUNT = "dice_count"  # the wrong number of dice, or a face out of range
    MUST_PULL = "must_pull"  # pull numbers for the roll before rolling again
    ONE_DIE_CLOSED = "one_die_closed"  # one die only when few numbers are left up
    MUST_ROLL = "must_roll"  # roll before pulling numbers
    NEEDS_NUMBERS = "needs_numbers"  # a pull must say which numbers
    NUMBER_DOWN = "number_down"  # that number is already down
    WRONG_SUM = "wrong_sum"  # the numbers pulled do not add up to the roll
