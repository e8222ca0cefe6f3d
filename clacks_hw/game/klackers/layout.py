"""KLACKERS on the lit board: which lamp and which button is what, and what each shows.

The nine numbers are the 3x3 block of lamps in the north-west corner, laid out like a phone
keypad as seen from seat S (1 2 3 on the north row). The other seven lamps show the dice: the
first die on the south row (lamps 12-14), the second on the east column (lamps 3, 7, 11). A
die shows its face on three lamps, each counting one, or two when it is lit "double": 1 = one
lamp, 3 = three lamps, 4 = one double and two single, 6 = three double. Lamp 15, the south-east
corner, lights while the one-die option is open.

The tower buttons R1..R6, G1..G3 are the numbers 1..9 (lit while the number is up); with dice
rolled at the table, R1..R6 enter the faces 1..6.

``marks`` gives each lamp, button and seat indicator a *role* ("up", "selected", "die1",
"die2", ...); the board's renderer chooses the colours.
"""

from __future__ import annotations

from .numbers import NUMBERS, ONE_DIE_MAX, TOTAL
from .state import KlackersState

NUMBER_LAMP = {n: 4 * ((n - 1) // 3) + (n - 1) % 3 for n in NUMBERS}
DIE_LAMPS = ((12, 13, 14), (3, 7, 11))
ONE_DIE_LAMP = 15
NUMBER_TOWER = {n: name for n, name in zip(NUMBERS, ("R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3"))}
TOWER_NUMBER = {name: n for n, name in NUMBER_TOWER.items()}
FACE_TOWER = {face: f"R{face}" for face in range(1, 7)}
TOWER_FACE = {name: face for face, name in FACE_TOWER.items()}


def die_weights(face: int) -> tuple[int, int, int]:
    """How each of a die's three lamps counts (0 off, 1 single, 2 double); they add up to ``face``."""
    double = max(0, face - 3)
    single = min(face, 3) - double
    return (2,) * double + (1,) * single + (0,) * (3 - double - single)


def marks(state: KlackersState, selected: int = 0, entered: tuple[int, ...] = ()) -> dict:
    """Roles for the board: {"lamps": {lamp: role}, "towers": {name: role}, "seats": {seat: role}}.

    ``selected``: numbers chosen on the buttons but not yet pulled; ``entered``: dice faces
    keyed in for a roll at the table, not yet confirmed.
    """
    lamps: dict[int, str] = {}
    towers: dict[str, str] = {}
    seats: dict[str, str] = {}
    if state.phase == "turn":
        for n in NUMBERS:
            bit = 1 << (n - 1)
            if state.up & bit or selected & bit:  # a down number selected shows, to be refused
                role = "selected" if selected & bit else "up"
                lamps[NUMBER_LAMP[n]] = role
                if state.dice:
                    towers[NUMBER_TOWER[n]] = role
        if not state.dice and 0 < TOTAL[state.up] <= ONE_DIE_MAX:
            lamps[ONE_DIE_LAMP] = "one_die"
    dice = entered or state.dice or state.last_roll
    role = "entered" if entered else "dice" if state.dice else "last_roll"
    for k, face in enumerate(dice[:2]):
        for lamp, weight in zip(DIE_LAMPS[k], die_weights(face)):
            if weight:
                lamps[lamp] = f"{role}_{'double' if weight == 2 else 'single'}"
    if state.config.hands == "physical" and not state.dice and not state.over:
        for face, name in FACE_TOWER.items():
            towers.setdefault(name, "face")
    if state.over:
        for seat in state.winners:
            seats[seat] = "winner"
    else:
        seats[state.seat] = "turn"
    return {"lamps": lamps, "towers": towers, "seats": seats}
