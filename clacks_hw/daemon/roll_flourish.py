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

STEP_S = tuple(0.03 + 0.01 * k for k in range(12))  # each button a little longer than the last
SPIN_S = sum(STEP_S)  # about a second of running light...
HOLD_S = 0.4  # ...then the face stays white this long before the result's colour
STEPS = len(STEP_S)


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

    def _step(self, now: float) -> tuple[int, float] | None:
        """(the button lit, when that changes next), or None once the flourish is over."""
        since, faces, face = self.rolling
        t = now - since
        if t >= SPIN_S + HOLD_S:
            return None
        if t >= SPIN_S:
            return face, since + SPIN_S + HOLD_S
        end = since
        for k, step in enumerate(STEP_S):  # the last step lands on the face
            end += step
            if now < end:
                return (face - (STEPS - 1 - k)) % len(faces), end
        return face, since + SPIN_S + HOLD_S

    def frame(self, frame: Frame, now: float) -> Frame:
        if self.rolling is None:
            return frame
        at = self._step(now)
        if at is None:
            self.rolling = None
            return frame
        faces = self.rolling[1]
        button, _ = at
        return frame.with_pixels({tower_index(name): (P.ROLLING if k == button else P.OFF)
                                  for k, name in enumerate(faces)})

    def next_deadline(self, now: float) -> float | None:
        at = self._step(now) if self.rolling is not None else None
        return None if at is None else at[1]
