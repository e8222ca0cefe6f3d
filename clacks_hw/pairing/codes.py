"""A pairing code: eight letters the board shows after the pairing gesture, for one phone.

Letters only, so the lamps can spell them in the Clacks alphabet and nobody mistakes an O for
a 0; typed in any case, with or without spaces. Eight of 26 letters is 2 x 10^11 codes: even
2,000 guesses a second (more than a Pi's page server answers) for the whole two minutes find it
with a chance of about one in a million, and the window closes at the first phone that gets it
right.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LENGTH = 8
WINDOW_S = 120.0  # how long a code may be used


@dataclass(frozen=True)
class PairingCode:
    code: str
    opened: float  # clock time (the board's monotonic clock)
    until: float
    role: str = "admin"  # what the phone that uses it may do
    seat: str | None = None  # role "seat": the seat whose private view the phone will show

    @property
    def grouped(self) -> str:
        """The code as people read and type it: ``ABCD EFGH``."""
        return f"{self.code[:4]} {self.code[4:]}"

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.until - now)


def new_code(now: float, window_s: float = WINDOW_S, role: str = "admin", rng=None,
             seat: str | None = None) -> PairingCode:
    choice = (rng or secrets.SystemRandom()).choice
    return PairingCode("".join(choice(LETTERS) for _ in range(LENGTH)), now, now + window_s, role, seat)


def normalise(typed: str) -> str:
    """What a person typed, as the code it means: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def page_for(code: PairingCode) -> str:
    """The page a code's phone opens: the admin page, or a player's own seat page."""
    return "admin" if code.seat is None else "seat"
