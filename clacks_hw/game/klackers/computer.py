"""KLACKERS' computer players at the three strengths (bots.py plays them):

    easy     any legal action: pulls whatever adds up, rolls one die whenever it may
    normal   pulls the fewest, biggest numbers and always rolls two dice, as many people do
    strong   the exact best policy (solver.py): the pull that leaves the lowest expected score,
             one die when that is expected to score less (Klack to win: plays for the KLACK)

The first-time player (core/computer.py's FIRST_TIMER) is modelled as the normal one: the way
people play before they have thought about the odds. The dice and numbers lie open on the
table, so a player's view hides only the seed that rolls the dice to come.
"""

from __future__ import annotations

from ..core.computer import FIRST_TIMER, Move
from .bots import bot_action
from .numbers import ALL_UP, numbers_of
from .state import KlackersState

KINDS = {"easy": "random", "normal": "greedy", "strong": "best", FIRST_TIMER: "greedy"}
REASONS = {"random": "it adds up", "greedy": "the fewest, biggest numbers",
           "best": "it leaves the lowest score to expect"}


def computer_move(view: KlackersState, seat: str, strength: str, rng) -> Move:
    kind = KINDS.get(strength, "best")
    action = bot_action(view, rng, kind)
    if action.act == "pull":
        left = view.up & ~action.numbers & ALL_UP
        up = " ".join(map(str, numbers_of(left))) or "nothing"
        pulled = " ".join(map(str, numbers_of(action.numbers)))
        why = f"{seat} pulls {pulled} ({REASONS[kind]}), leaving {up} up"
    elif action.act == "roll_one":
        why = f"{seat} rolls one die: the numbers up add up to 6 or less"
    else:
        why = f"{seat} rolls " + ("one die for the first turn" if view.phase == "opening" else "two dice")
    return Move(seat, action, why)
