"""Computer players at the board: a mixin of the Controller.

When the seat that must act (``to_act``: the player whose turn it is, or the one choosing for
a revealed card) is a computer's (the game's set-up says which: ``config.computer``), the
computer decides from that seat's view, the board shows the move (its placement blinks on the
lamps in the seat's colour, the tower it moves to blinks, the sentence saying why goes to the
screen and the log) and ``Settings.computer_pace_s`` later plays it through ``_submit``, like a
player's PLAY. Everything happens in ``tick`` at times the clock seam gives, so tests drive it
on a fake clock. Buttons and jacquards meanwhile are the computer's: refused with a sentence.
"""

from __future__ import annotations

import logging

from ..game.core.computer import Move, choose, move_rng, to_act
from ..game.core.values import replace

log = logging.getLogger(__name__)


class ComputerTurns:
    computer_move: Move | None = None  # the move being shown before it is played
    computer_since: float = 0.0
    _computer_key: tuple | None = None  # (actions applied, seat) the shown move was decided for
    _stalled: tuple | None = None  # the key of a move the engine refused: not tried again

    def computer_seat(self) -> str | None:
        """The computer's seat that must act now, if any."""
        if self.screen != "game" or self.session is None:
            return None
        state = self.session.state
        seat = to_act(state)
        return seat if seat is not None and seat in state.config.computer else None

    def _computer_tick(self, now: float) -> None:
        seat = self.computer_seat()
        if seat is None or not self.storage.ok:
            self.computer_move = None
            return
        key = (self.session.actions, seat)
        if self._stalled == key:
            return
        if self.computer_move is None or self._computer_key != key:
            state = self.session.state
            strength = state.config.computer[seat]
            self.computer_move = choose(state, seat, strength, move_rng(state, seat, self.session.actions))
            self._computer_key, self.computer_since = key, now
            self.message = self.computer_move.why
            self.report(f"{self.computer_move.why} ({strength} computer)")
            return
        if now < self.computer_since + self.settings.computer_pace_s:
            return
        move, self.computer_move = self.computer_move, None
        action = move.action
        state = self.session.state
        if getattr(action, "act", None) in ("play", "move", "end") and state.config.has("express"):
            action = replace(action, time=self._time(state, now))
        self.preview = None
        played = self._dice_apply(action, now) if self._dice_game() else self._submit(action, now)
        if not played:  # the engine refused what the computer saw as legal: never spin on it
            log.error("the computer at %s played %s and was refused", seat, action)
            self._stalled = key

    def computer_deadline(self, now: float) -> float | None:
        """When ``tick`` next has a computer move to decide or play."""
        seat = self.computer_seat()
        if seat is None or self._stalled == (self.session.actions, seat):
            return None
        if self.computer_move is None:
            return now
        return self.computer_since + self.settings.computer_pace_s

    def status_viewer(self):
        """Whose eyes the position text is for: the setting, except that a lone person playing
        the computer on the virtual board sees their own hand, not the computer's."""
        view = self.settings.status_view
        config = self.session.state.config if self.session is not None else None
        if view is None and config is not None and config.computer:
            people = [s for s in config.seats if s not in config.computer]
            if len(people) == 1:
                return people[0]
        return view

    def computer_blocks(self, what: str, now: float) -> bool:
        """A button or card from the table while the computer is to act: refused, said why."""
        seat = self.computer_seat()
        if seat is None:
            return False
        self._error(now, f"{what}: it is the computer's move at {seat}; wait for it.")
        return True
