"""The resume question: what the board shows when the newest journal could not be resumed
(resume.py), mixed into the Controller.

- Screen ``resume`` (an older game in play lies behind the refused journal): that game's position
  blinks on the board and the notice says what was refused and why. **PLAY** resumes the older
  game (the refused journal is set aside as NAME.refused), **BACK** starts fresh (the older game
  is marked abandoned). It waits for an answer: the board never goes back to an older game, nor
  gives one up, by itself.
- Screen ``refused`` (nothing to offer): the seat indicators blink red and the notice says what
  was refused and why; PLAY or BACK, or ``attract_after_s`` without input, goes on to attract.
"""

from __future__ import annotations

import logging

from ..game.clacks.state import GameState
from . import resume

log = logging.getLogger(__name__)


class ResumeQuestion:
    asked: resume.Outcome | None = None  # the refusal the board is showing

    def _ask_resume(self, outcome: resume.Outcome, now: float) -> None:
        self.asked = outcome
        self._go("resume" if outcome.offer is not None else "refused", now)
        self._notice(outcome.notice)

    def _notice(self, text: str) -> None:
        self.message = text
        self.report(text)

    def resume_shown(self) -> GameState | None:
        """The older game's position, blinking while the board asks."""
        return self.asked.offer.state if self.asked is not None and self.asked.offer is not None else None

    def _resume_button(self, name: str, now: float) -> None:
        if name not in ("PLAY", "BACK"):
            return
        asked = self.asked
        if asked.offer is None:  # "refused": seen; on to attract
            self.asked, self.message = None, ""
            self._to_attract(now)
        elif name == "PLAY":
            taken = resume.take_offer(self.store, asked)
            if isinstance(taken, resume.Refusal):  # changed meanwhile: nothing to offer now
                out = resume.Outcome(refused=[taken, *asked.refused])
                out.notice = resume.refused_text(out)
                self._ask_resume(out, now)
                return
            self.asked = None
            self._enter_game(taken, now)
            self._notice(resume.resumed_text(taken.path, taken))
        else:
            resume.decline_offer(asked)
            self.asked = None
            self._to_attract(now)
            self._notice(f"Started fresh: the older game ({asked.offer.path.name}) is marked abandoned.")

    def _resume_deadline(self) -> float | None:
        return self.last_input + self.settings.attract_after_s if self.screen == "refused" else None

    def _resume_tick(self, now: float) -> None:
        if now >= self.last_input + self.settings.attract_after_s:  # "refused" only
            log.info("no input for %.0f s: back to attract (the notice stays)", self.settings.attract_after_s)
            self.asked = None
            self._to_attract(now)
