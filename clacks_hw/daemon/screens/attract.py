"""Attract: automatic players play a demo game of every game in turn (demo.py); PLAY opens set-up."""

from __future__ import annotations

from .base import Screen


class AttractScreen(Screen):
    name = "attract"

    def __init__(self, board, now: float) -> None:
        super().__init__(board, now)
        board.demo.start(now)

    @property
    def state(self):
        return self.board.demo.state

    def press(self, button: str, now: float) -> None:
        if button == "PLAY":
            self.board.open_setup(now)

    def tick(self, now: float) -> None:
        demo = self.board.demo
        if demo.due(now):
            moved = demo.step(now)
            if moved:
                self.board.flash_signal(*moved, now)

    def deadline(self, now: float) -> float | None:
        return self.board.demo.next_at
