"""The die rolling on the board: when an action rolls a die (the game says which face came up,
``rolled``), a white light runs round the game's face buttons, slowing down, and stops on the
face before the game's own lights show the result. Drawn over the frame, like pairing; the game
decides the face (journaled first), this only shows it arrive.

The loop feeds it every state it draws (``see``); it keeps the state before, so it needs no help
from the screens, and it is pure apart from that: a frame from (frame, time).
"""

from __future__ import annotations

from ..drivers.frame import Frame, tower_index
from . import palette as P

SPIN_S = 0.9  # the light runs this long...
STEPS = 12  # ...through this many buttons, each step a little longer than the one before
HOLD_S = 0.4  # then the face stays white this long before the result's colour


class RollFlourish:
    def __init__(self) -> None:
        self._before = None
        self.rolling: tuple[float, tuple[str, ...], int] | None = None  # (since, faces, face index)

    def see(self, state, now: float) -> None:
        """The state the board shows now; a die rolled since the last one starts the flourish."""
        before, self._before = self._before, state
        if state is None or before is None or state is before:
            return
        game = state.config.game
        if before.config.game is not game:
            return
        face = game.rolled(before, state)
        faces = game.face_buttons()
        if face is not None and faces:
            self.rolling = (now, faces, face - 1)

    def _at(self, now: float) -> tuple[int, bool] | None:
        """(the button lit, still spinning), or None once the flourish is over."""
        since, faces, face = self.rolling
        t = now - since
        if t >= SPIN_S + HOLD_S:
            return None
        if t >= SPIN_S:
            return face, False
        # step k lasts in proportion to k+1: the light slows down; the last step lands on the face
        total = STEPS * (STEPS + 1) / 2
        done, k = 0.0, 0
        while k < STEPS - 1 and (done + (k + 1)) / total * SPIN_S <= t:
            done += k + 1
            k += 1
        return (face - (STEPS - 1 - k)) % len(faces), True

    def frame(self, frame: Frame, now: float) -> Frame:
        if self.rolling is None:
            return frame
        at = self._at(now)
        if at is None:
            self.rolling = None
            return frame
        faces = self.rolling[1]
        button, _ = at
        return frame.with_pixels({tower_index(name): (P.ROLLING if k == button else P.OFF)
                                  for k, name in enumerate(faces)})

    def next_deadline(self, now: float) -> float | None:
        if self.rolling is None:
            return None
        since = self.rolling[0]
        return min(now + 0.05, since + SPIN_S + HOLD_S)
