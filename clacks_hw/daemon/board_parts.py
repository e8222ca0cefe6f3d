"""What every screen may ask of the board besides moving between screens: saying things (the
position after an action, a notice, a red flash with a sentence, a refusal in words everybody
may read), counting an accepted action, and whether the journal can be written.

A mixin of the controller (controller.py), which holds the parts these use: ``session``,
``settings``, ``storage``, ``store``, ``message``, ``recent``, ``report``, ``show_status``,
``error_since`` and the screen showing (``current``).
"""

from __future__ import annotations

import logging

from ..game.core.rejection import Rejection
from ..game.core.view import PUBLIC

log = logging.getLogger(__name__)


class BoardParts:
    @property
    def express_seconds(self) -> float | None:
        """The turn length of the game in play (recorded in its journal); None: no timed turn."""
        if self.session is None:
            return None
        config = self.session.state.config
        return config.game.turn_seconds(config)

    def hints_on(self, config) -> bool:
        """Does the board hint in the game ``config`` sets up: as its journal says it began
        (a resumed game goes on as it was played), else the setting, or, left to "auto", the
        game's own answer (a scored game is not hinted)."""
        if config.hints is not None:
            return config.hints
        hints = self.settings.hints
        return hints == "on" or hints == "auto" and config.game.hints_by_default(config)

    def status(self, extra: str = "") -> None:
        """The whole position as text (the log, or the terminal's board), and what just happened."""
        if self.session is None:
            return
        from ..views.text_board import render

        text = render(self.session.state, actions=self.session.actions, view=self.status_viewer())
        self.show_status(text + (extra + "\n" if extra else ""))

    def status_viewer(self):
        """Whose eyes the position text is for: the setting, except that a lone person playing
        the computer on the virtual board sees their own hand, not the computer's. The text is
        the board's shared screen: a game whose secrets go to the players' own phones
        (``pass_and_play`` off) shows it what everybody may see (``PUBLIC``), and nothing more."""
        view = self.settings.status_view
        config = self.session.state.config if self.session is not None else None
        if config is not None and not config.game.pass_and_play:
            return PUBLIC
        if view is None and config is not None and config.computer:
            people = [s for s in config.seats if s not in config.computer]
            if len(people) == 1:
                return people[0]
        return view

    def notice(self, text: str) -> None:
        self.message = text
        self.report(text)

    def error(self, now: float, message: str) -> None:
        """A red flash of the seat indicators, and the sentence saying why."""
        self.error_since = now
        self.message = message
        self.report(f"! {message}")

    def accepted(self, action) -> None:
        self.storage.cleared()
        state = self.session.state
        public = state.config.game.public_action(action, state)  # a secret part stays out of the log
        log.info("accepted: %s", action if public == action.to_json() else
                 " ".join(str(v) if k in ("seat", "act") else f"{k}={v}" for k, v in public.items()))
        self.message = ""
        self.recent.append(action)

    def rejected(self, action, rejection: Rejection, now: float) -> None:
        """Say why, in the words everybody may read (the game's public view): a sentence naming
        a hidden hand stays with the seat it concerns (logged at debug level only)."""
        text = self.public(rejection)
        if text == rejection.message:
            log.info("rejected (shown on the board): %s: %s (%s)", action, text, rejection.code)
        else:  # the action names the card: it stays out of the public log too
            log.info("rejected (shown on the board): %s %s: %s (%s)", action.seat, action.act, text,
                     rejection.code)
            log.debug("rejected, for %s only: %s: %s", rejection.private, action, rejection.message)
        self.error(now, text)

    def public(self, rejection: Rejection) -> str:
        state = self.session.state if self.session is not None else None
        return rejection.message if state is None else state.config.game.public_text(state, rejection)

    def has_room(self) -> bool:
        """Can the journal be written (a real write, undone): the game's own, else a new one's."""
        writer = self.session.writer if self.session is not None else None
        return writer.has_room() if writer is not None else self.store.has_room()
