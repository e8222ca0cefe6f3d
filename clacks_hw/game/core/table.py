"""The table: the board's sixteen lamps, its twelve tower buttons, four seats round it, named
by the side each player sits at, and where a game's cards or dice are.

Every game is played from some of the seats; which sets a game allows is its own business (its
``seatings``), the usual ones for two to four players are here.
"""

from __future__ import annotations

SEATS = ("S", "W", "N", "E")  # clockwise seen from above: turn order and "pass left"
TOWER_COLOUR = {"S": "red", "N": "red", "W": "green", "E": "green"}  # the towers each seat faces


def _tower_buttons() -> dict[str, tuple[str, tuple[int, int]]]:
    out = {}
    for r in range(2):  # red: 3 wide, 2 tall
        for c in range(3):
            out[f"R{3 * r + c + 1}"] = ("red", (c, r))
    for r in range(3):  # green: 2 wide, 3 tall
        for c in range(2):
            out[f"G{2 * r + c + 1}"] = ("green", (c, r))
    return out


# The twelve tower buttons R1..R6, G1..G6: name -> (colour, (x, y) on its colour's grid, row 0
# the north one); a Clacks tower's lamps lie under its button's place (clacks/board.py).
TOWER_BUTTONS = _tower_buttons()
SEAT_SETS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}  # players -> seats, facing
# The engine deals the cards (rolls the dice) and knows them, or they are at the table and the
# engine learns only what is played (entered).
HANDS = ("tracked", "physical")


def board_bits(lamps: int) -> str:
    """The board's 16 lamps (bit ``4*row + col``) as 16 characters of 0/1, lamp 0 (north-west) first."""
    return "".join("1" if lamps >> i & 1 else "0" for i in range(16))


def next_seat(seats: tuple[str, ...], seat: str) -> str:
    """The seat after ``seat`` in turn order (clockwise), round the table."""
    return seats[(seats.index(seat) + 1) % len(seats)]
