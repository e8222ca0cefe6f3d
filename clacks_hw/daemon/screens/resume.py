"""After a restart whose newest journal could not be resumed (resume.py): why, and what next.

- ``resume`` (an older game in play lies behind the refused journal): that game's position
  blinks on the board and the notice says what was refused and why. **PLAY** resumes the older
  game (the refused journal is set aside as NAME.refused), **BACK** starts fresh (the older game
  is marked abandoned). It waits for an answer: the board never goes back to an older game, nor
  gives one up, by itself.
- ``refused`` (nothing to offer): the seat indicators blink red and the notice says what was
  refused and why; PLAY or BACK, or ``attract_after_s`` without input, goes on to attract.
"""

from __future__ import annotations

import logging

from .. import resume
from .base import Screen

log = logging.getLogger(__name__)


class ResumeScreen(Screen):
    def __init__(self, board, now: float, asked: resume.Outcome) -> None:
        super().__init__(board, now)
        self.asked = asked  # the refusal the board is showing
        self.name = "resume" if asked.offer is not None else "refused"
        board.notice(asked.notice)

    def busy(self) -> str | None:
        if self.asked.offer is None:  # "refused": a notice only
            return None
        return ("the board asks whether to resume an older game: answer on the board first "
                "(PLAY resumes it, BACK starts fresh)")

    def shows(self, now: float) -> dict:
        offer = self.asked.offer
        return {"state": offer.state if offer is not None else None}  # the older game, blinking

    def press(self, button: str, now: float) -> None:
        if button not in ("PLAY", "BACK"):
            return
        board, asked = self.board, self.asked
        if asked.offer is None:  # "refused": seen; on to attract
            board.message = ""
            board.to_attract(now)
        elif button == "PLAY":
            taken = resume.take_offer(board.store, asked)
            if isinstance(taken, resume.Refusal):  # changed meanwhile: nothing to offer now
                out = resume.Outcome(refused=[taken, *asked.refused])
                out.notice = resume.refused_text(out)
                board.go(ResumeScreen(board, now, out), now)
                return
            board.enter_game(taken, now)
            board.notice(resume.resumed_text(taken.path, taken))
        else:
            resume.decline_offer(asked)
            board.to_attract(now)
            board.notice(f"Started fresh: the older game ({asked.offer.path.name}) is marked abandoned.")

    def tick(self, now: float) -> None:
        if self.asked.offer is None and now >= self.idle_until():
            log.info("no input for %.0f s: back to attract (the notice stays)", self.settings.attract_after_s)
            self.board.to_attract(now)

    def deadline(self, now: float) -> float | None:
        return self.idle_until() if self.asked.offer is None else None
