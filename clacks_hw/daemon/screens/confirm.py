"""The abandon question, over the game in play (PREV+NEXT held 3 s): the lamps blink, PLAY
abandons the game (its journal is marked so it is not resumed), BACK, or ``confirm_s`` without
an answer, goes back to the game. An Express turn's clock runs on meanwhile."""

from __future__ import annotations

from .base import Screen


class ConfirmScreen(Screen):
    name = "confirm"

    def __init__(self, board, now: float, play) -> None:
        super().__init__(board, now)
        self.playing = self.under = play  # the PlayScreen the question is asked over
        board.report("Abandon this game? PLAY abandons it, BACK keeps playing.")

    @property
    def state(self):
        return self.playing.state

    def press(self, button: str, now: float) -> None:
        if button == "PLAY":
            self.board.abandon(now, by="the reset gesture")
        elif button == "BACK":
            self.board.go(self.playing, now)
            self.report("Reset cancelled: the game goes on.")

    def tick(self, now: float) -> None:
        if now >= self.since + self.settings.confirm_s:
            self.board.go(self.playing, now)
        self.playing.clock.tick(now)

    def resume(self, since: float, now: float) -> None:
        self.playing.resume(since, now)

    @property
    def takes_cards(self) -> bool:
        return self.playing.takes_cards

    def busy(self) -> str | None:
        return self.playing.busy()

    def deadline(self, now: float) -> float | None:
        times = [self.since + self.settings.confirm_s, *self.playing.clock.deadlines()]
        return min(t for t in times if t is not None)

    def shows(self, now: float) -> dict:
        return {"state": self.state, "express_started": self.playing.clock.started_if_running()}
