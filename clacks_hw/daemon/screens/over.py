"""Game over: the finished game stays on the lamps (the winner's indicator blinks); PLAY sets
up the next game, PREV+NEXT or ``attract_after_s`` without input goes back to attract.

A game that ends on the board hands over its own BoardPlay, which goes on drawing: what it was
still showing plays out (the die of the winning roll runs round its faces to the face rolled)."""

from __future__ import annotations

from .base import Screen


class OverScreen(Screen):
    name = "over"

    def __init__(self, board, now: float, play=None) -> None:
        super().__init__(board, now)
        self.play = play  # the game's BoardPlay as the last action left it; None: a fresh one draws

    def shows(self, now: float) -> dict:
        return {"state": self.state, "play": self.play}

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
