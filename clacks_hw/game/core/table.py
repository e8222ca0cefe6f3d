"""The table: the board's sixteen lamps, four seats round it, named by the side each player
sits at, and where a game's cards or dice are.

Every game is played from some of the seats; which sets a game allows is its own business (its
``seatings``), the usual ones for two to four players are here.
"""

from __future__ import annotations

SEATS = ("S", "W", "N", "E")  # clockwise seen from above: turn order and "pass left"
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
