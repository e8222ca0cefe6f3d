"""Every code a Guards! Guards! refusal can carry: the core's and its own (docs/guards.md lists
them; a test keeps the two in step)."""

from __future__ import annotations

from enum import StrEnum

from ..core.rejection import with_core_codes


@with_core_codes
class Code(StrEnum):
    """Every code a Guards! Guards! refusal can carry (each compares equal to its string)."""

    MUST_ROLL = "must_roll"  # a test is waiting for its die
    NOT_YOUR_ROLL = "not_your_roll"  # another player rolls this test
    NO_ROLL = "no_roll"  # there is no test to roll for
    WAITING = "waiting"  # the board waits for a player's answer first
    NOT_ASKED = "not_asked"  # nobody asked this seat that question
    NOT_IN_HAND = "not_in_hand"  # that card is not in the player's hand
    UNKNOWN_CARD = "unknown_card"  # the edition has no such card
    NO_MONEY = "no_money"  # not enough dollars
    DRAGON = "dragon"  # a dragon in that quadrant stops it
    TOO_LATE = "too_late"  # only at the start of a turn
    ONCE = "once"  # done already this turn (or last turn)
    LIMIT = "limit"  # over a limit of the rules
    NOT_THERE = "not_there"  # the player is not where that happens
    CONFINED = "confined"  # in Hospital or the Watch House
    NO_RUN = "no_run"  # there is no spell run for that
    RUN_ON = "run_on"  # a spell run is under way
    WRONG_CARD = "wrong_card"  # that card cannot do that
    NOT_HERE = "not_here"  # no saboteur of that seat there
    QUADRANT = "quadrant"  # a quadrant that is not on the map, or taken
