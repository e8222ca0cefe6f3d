"""The KLACKERS rules: validate an action against a state, and apply it.

``apply`` returns a new state or a ``Rejection``; ``validate`` is the very same check without
the change, and ``legal_actions`` lists the candidates it accepts. Rolls come from the game's
seeded dice (tracked) or are entered from real dice (physical).
"""

from __future__ import annotations

from ..core.rejection import Rejection
from .actions import KlackersAction
from .dice import FACES, rolled
from .numbers import ONE_DIE_MAX, TOTAL, combinations, spelled
from .rejection import Code
from .rounds import end_turn
from .state import KlackersState


def validate(state: KlackersState, action: KlackersAction) -> Rejection | None:
    if state.over:
        return Rejection(Code.GAME_OVER, f"The game is over: {' and '.join(state.winners)} won.")
    if action.seat not in state.config.seats:
        return Rejection(Code.NOT_PLAYING, f"Seat {action.seat} is not in this game "
                                        f"(seats: {' '.join(state.config.seats)}).")
    move = _MOVES.get(action.act)
    if move is None:
        return Rejection(Code.NOT_IN_MODE, f"There is no {action.act!r} in KLACKERS.")
    if action.seat != state.seat:
        return Rejection(Code.NOT_YOUR_TURN, f"It is {state.seat}'s turn to roll, not {action.seat}'s.")
    return move[0](state, action)


def apply(state: KlackersState, action: KlackersAction) -> KlackersState | Rejection:
    rejection = validate(state, action)
    if rejection:
        return rejection
    return _MOVES[action.act][1](state, action)


# --- rolling --------------------------------------------------------------------------------

def dice_needed(state: KlackersState, act: str) -> int:
    return 1 if act == "roll_one" or state.phase == "opening" else 2


def _dice_check(state: KlackersState, action: KlackersAction) -> Rejection | None:
    count = dice_needed(state, action.act)
    what = "one die" if count == 1 else "two dice"
    if state.config.hands == "tracked":
        if action.dice is not None:
            return Rejection(Code.BOARD_ROLLS, "The board rolls the dice in this game; a roll does not "
                                            "say the faces.")
        return None
    if action.dice is None:
        return Rejection(Code.NEEDS_DICE, f"Enter the faces of the {what} rolled at the table.")
    if len(action.dice) != count or not all(1 <= d <= FACES for d in action.dice):
        return Rejection(Code.DICE_COUNT, f"This roll is of {what}, each 1 to {FACES}; "
                                       f"{' '.join(map(str, action.dice))} was entered.")
    return None


def _validate_roll(state: KlackersState, action: KlackersAction) -> Rejection | None:
    if state.dice:
        roll = sum(state.dice)
        return Rejection(Code.MUST_PULL, f"{state.seat} rolled {roll}: pull numbers adding up to {roll} "
                                      "before rolling again.")
    return _dice_check(state, action)


def _validate_roll_one(state: KlackersState, action: KlackersAction) -> Rejection | None:
    if state.phase == "opening":
        return Rejection(Code.NOT_IN_MODE, "Everybody rolls one die to see who begins: that is a "
                                        "plain roll.")
    left = TOTAL[state.up]
    if not state.dice and left > ONE_DIE_MAX:
        return Rejection(Code.ONE_DIE_CLOSED, f"One die may be rolled only when the numbers up add up "
                                           f"to {ONE_DIE_MAX} or less; they add up to {left}.")
    return _validate_roll(state, action)


def _roll(state: KlackersState, action: KlackersAction) -> tuple[KlackersState, tuple[int, ...]]:
    if action.dice is not None:
        return state._replace(last_roll=action.dice), action.dice
    dice = rolled(state.config.seed, state.rolls, dice_needed(state, action.act))
    return state._replace(rolls=state.rolls + 1, last_roll=dice), dice


def _apply_roll(state: KlackersState, action: KlackersAction) -> KlackersState:
    state, dice = _roll(state, action)
    if state.phase == "opening":
        return _opening_roll(state, dice[0])
    if combinations(state.up, sum(dice)):
        return state._replace(dice=dice)
    return end_turn(state)  # no combination matches: the turn is over


def _apply_roll_one(state: KlackersState, action: KlackersAction) -> KlackersState:
    state, dice = _roll(state, action)
    if dice[0] == TOTAL[state.up]:
        return state._replace(dice=dice, one_die=True)
    return end_turn(state)  # the one die is the last roll: anything else is "the point"


def _opening_roll(state: KlackersState, die: int) -> KlackersState:
    """Everybody rolls one die; the high roller begins, and a tie for high rolls again."""
    opening = state.opening + ((state.seat, die),)
    contenders = state.contenders
    if len(opening) < len(contenders):
        return state._replace(opening=opening, seat=contenders[len(opening)])
    high = max(d for _, d in opening)
    top = tuple(seat for seat, d in opening if d == high)
    if len(top) > 1:
        return state._replace(opening=(), contenders=top, seat=top[0])
    return state._replace(phase="turn", opening=opening, contenders=(), first=top[0], seat=top[0])


# --- pulling --------------------------------------------------------------------------------

def _validate_pull(state: KlackersState, action: KlackersAction) -> Rejection | None:
    if not state.dice:
        return Rejection(Code.MUST_ROLL, f"{state.seat} has not rolled yet: numbers are pulled to match "
                                      "a roll.")
    roll, pulled = sum(state.dice), action.numbers
    if not pulled:
        return Rejection(Code.NEEDS_NUMBERS, f"Say which numbers to pull for the {roll} rolled.")
    down = pulled & ~state.up
    if down:
        return Rejection(Code.NUMBER_DOWN, f"{spelled(down)} {'is' if down & (down - 1) == 0 else 'are'} "
                                        "already down: once they're down they stay down.")
    if TOTAL[pulled] != roll:
        return Rejection(Code.WRONG_SUM, f"{spelled(pulled)} makes {TOTAL[pulled]}, and the roll is {roll}.")
    return None


def _apply_pull(state: KlackersState, action: KlackersAction) -> KlackersState:
    state = state._replace(up=state.up & ~action.numbers, dice=())
    if state.up == 0 or state.one_die:
        return end_turn(state)  # a KLACK, or the one-die roll was the last
    return state


_MOVES = {"roll": (_validate_roll, _apply_roll), "roll_one": (_validate_roll_one, _apply_roll_one),  # act -> (check, apply)
          "pull": (_validate_pull, _apply_pull)}
