"""A die rolled on the board, shown arriving: a light runs round the game's face buttons (one
button per face, first face first), slowing down, stops on the face that came up and stays there
a moment before the game's own lights show the result.

The engine decided the face (the roll is an action, journalled first); this only shows it. A
game's ``BoardPlay`` (core/board.py) owns one, starts it from ``accepted`` when an action rolled a
die, and draws ``lit(now)`` over its tower buttons as the role ``("rolling",)``; the time comes
from the board (``now``), never a clock of its own.
"""

from __future__ import annotations

STEP_S = tuple(0.03 + 0.01 * k for k in range(12))  # each button a little longer than the last
SPIN_S = sum(STEP_S)  # about a second of running light...
HOLD_S = 0.4  # ...then the face stays lit this long before the result's colour
STEPS = len(STEP_S)
ROLE = ("rolling",)


class DieRun:
    def __init__(self, faces: tuple[str, ...]) -> None:
        self.faces = faces  # the tower buttons standing for faces 1..n
        self.rolling: tuple[float, int] | None = None  # (since, face index)

    def start(self, face: int, now: float) -> None:
        """The die came up ``face`` (1..n) at ``now``: run round to it."""
        self.rolling = (now, face - 1)

    def _step(self, now: float) -> tuple[int, float] | None:
        """(the face index lit, when that changes next), or None once the run is over."""
        if self.rolling is None:
            return None
        since, face = self.rolling
        t = now - since
        if t >= SPIN_S + HOLD_S or t < 0:
            return None
        end = since
        for k, step in enumerate(STEP_S):  # the last step lands on the face
            end += step
            if now < end:
                return (face - (STEPS - 1 - k)) % len(self.faces), end
        return face, since + SPIN_S + HOLD_S

    def lit(self, now: float) -> tuple[str, float] | None:
        """(the face button lit now, when that changes next); None: the die is not running."""
        at = self._step(now)
        if at is None:
            self.rolling = None
            return None
        return self.faces[at[0]], at[1]

    def over(self, towers: dict, now: float) -> float | None:
        """Draw the running light into ``towers`` (name -> role; the other faces dark while it
        runs); when the picture changes next, or None when the die is not running."""
        at = self.lit(now)
        if at is None:
            return None
        button, changes_at = at
        for name in self.faces:
            towers.pop(name, None)
        towers[button] = ROLE
        return changes_at
