"""KLACKERS' computer players at the three strengths (bots.py plays easy and normal):

    easy     any legal action: pulls whatever adds up, rolls one die whenever it may
    normal   pulls the fewest, biggest numbers and always rolls two dice, as many people do
    strong   plays to win the round: with a score on the table to beat, the policy that beats
             it most often (a tie, which pushes the round, counting half); first to roll, the
             exact lowest score to expect, and with Klack to win the likeliest KLACK (solver.py)

The first-time player (core/computer.py's FIRST_TIMER) is modelled as the normal one: the way
people play before they have thought about the odds. The dice and numbers lie open on the
table, so a player's view hides only the seed that rolls the dice to come.
"""

from __future__ import annotations

from functools import cache

from ..core.computer import FIRST_TIMER, Move
from .actions import KlackersAction
from .bots import bot_action
from .dice import FACES
from .numbers import ALL_UP, COMBINATIONS, ONE_DIE_MAX, TOTAL, numbers_of
from .rules import dice_needed
from .solver import ROLL_CHANCE
from .state import KlackersState

KINDS = {"easy": "random", "normal": "greedy", "strong": "best", FIRST_TIMER: "greedy"}
REASONS = {"random": "it adds up", "greedy": "the fewest, biggest numbers",
           "best": "it leaves the lowest score to expect"}
NO_POINT = 10  # the Hughie rule: a score of this or more cannot win


@cache
def beat_policy(target: int):
    """(pull: mask -> {roll: numbers}, one_die: mask -> bool, the chance of losing) that loses
    least often against a best score of ``target`` (a lower score wins, the same pushes: half a
    loss)."""
    return _policy(tuple(0.0 if t < target else 0.5 if t == target else 1.0 for t in range(TOTAL[ALL_UP] + 1)))


def _policy(cost: tuple[float, ...]):
    """The policy that leaves the least expected ``cost[score]`` at the end of a turn, in floats:
    the same dynamic programme over the 512 masks as solver.py's."""
    def stop(m: int) -> float:
        return cost[TOTAL[m]]

    value = [0.0] * (ALL_UP + 1)
    pull: list[dict[int, int]] = [{} for _ in range(ALL_UP + 1)]
    one_die = [False] * (ALL_UP + 1)
    value[0] = stop(0)
    for m in range(1, ALL_UP + 1):
        two = 0.0
        for roll, p in ROLL_CHANCE.items():
            subs = COMBINATIONS[m].get(roll)
            if not subs:
                two += float(p) * stop(m)
                continue
            best = min(subs, key=lambda c: (value[m & ~c], m & ~c))
            pull[m][roll] = best
            two += float(p) * value[m & ~best]
        value[m] = two
        if TOTAL[m] <= ONE_DIE_MAX:
            one = value[0] / FACES + stop(m) * (FACES - 1) / FACES
            if one < two:
                value[m], one_die[m] = one, True
    return pull, one_die, value[ALL_UP]


def _to_beat(view: KlackersState) -> int | None:
    """The score the player must get under to win the round, once somebody has played it; None
    when it plays first."""
    if not view.scores:
        return None
    best = min(score for _, score in view.scores)
    return min(best, NO_POINT) if view.config.has("hughie") else best


def _beat(view: KlackersState, seat: str, target: int, rng) -> KlackersAction:
    pull, one_die, _ = beat_policy(target)
    if view.dice:
        numbers = view.up if view.one_die else pull[view.up][sum(view.dice)]
        return KlackersAction(seat, "pull", numbers=numbers)
    act = "roll_one" if one_die[view.up] else "roll"
    if view.config.hands == "physical":
        return KlackersAction(seat, act, dice=tuple(rng.randint(1, FACES) for _ in range(dice_needed(view, act))))
    return KlackersAction(seat, act)


def computer_move(view: KlackersState, seat: str, strength: str, rng) -> Move:
    kind = KINDS.get(strength, "best")
    own = kind == "best" and view.phase == "turn" and not view.config.has("klack_to_win")
    target = _to_beat(view) if own else None
    action = _beat(view, seat, target, rng) if target is not None else bot_action(view, rng, kind)
    reason = REASONS[kind] if target is None else f"the likeliest way under {target}, the score to beat"
    if kind == "best" and view.config.has("klack_to_win"):
        reason = "the likeliest KLACK"
    if action.act == "pull":
        left = view.up & ~action.numbers & ALL_UP
        up = " ".join(map(str, numbers_of(left))) or "nothing"
        pulled = " ".join(map(str, numbers_of(action.numbers)))
        why = f"{seat} pulls {pulled} ({reason}), leaving {up} up"
    elif action.act == "roll_one":
        why = f"{seat} rolls one die: the numbers up add up to 6 or less"
    else:
        why = f"{seat} rolls " + ("one die for the first turn" if view.phase == "opening" else "two dice")
    return Move(seat, action, why)
