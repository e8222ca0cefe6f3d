"""Game over: the finished game stays on the lamps (the winner's indicator blinks); PLAY sets
up the next game, PREV+NEXT or ``attract_after_s`` without input goes back to attract."""

from __future__ import annotations

from .base import Screen


class OverScreen(Screen):
    name = "over"

    @property
    def state(self):
        return self.board.session.state if self.board.session is not None else None

    def press(self, button: str, now: float) -> None:
        if button == "PLAY":
            self.board.to_attract(now)
            self.board.open_setup(now)

    def reset(self, now: float) -> None:
        self.board.to_attract(now)

    def tick(self, now: float) -> None:
        if now >= self.idle_until():
            self.board.idle_to_attract(now)

    def deadline(self, now: float) -> float | None:
        return self.idle_until()
