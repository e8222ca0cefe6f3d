"""Set-up: the board's set-up menu (setup_menu.py, a pure value) driven by the buttons and the
word cards; PLAY on the last page starts the game, BACK on the first goes back to attract, and
so does ``attract_after_s`` without input.

``menu`` is the set-up so far; a new page or choice of the menu is a new ``SetupMenu`` value
(its methods), and the screen says it aloud (``describe``) after every change.
"""

from __future__ import annotations

from ...drivers.frame import TOWERS as TOWER_BUTTONS
from ..cards import word_of
from ..setup_menu import SetupMenu
from .base import Screen


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, board, now: float, menu: SetupMenu) -> None:
        super().__init__(board, now)
        self.menu = menu
        board.show_status(menu.describe())

    def press(self, button: str, now: float) -> None:
        m = self.menu
        if button in ("PREV", "NEXT"):
            m = m.step(1 if button == "NEXT" else -1, now)
        elif button == "TURN":
            m = m.toggle(now)
        elif button in TOWER_BUTTONS:  # a seat's button: a person, or the computer at a strength
            m = m.cycle_computer(button, now)
        elif button == "BACK":
            m = m.back(now)
            if m is None:
                self.board.to_attract(now)
                return
        elif button == "PLAY":
            if m.page == "words" or m.starts_on_play:  # no words to tap: start
                self.board.start_game(m, now)
                return
            m = m.confirm(now)
        self._show(m)

    def tap(self, card: str, reader: int | None, now: float) -> None:
        word = word_of(card)
        if word and self.menu.page == "words" and word in self.edition.words:
            self._show(self.menu.tap_word(word, now))
        else:
            self.board.error(now, f"{card} means nothing during setup.")

    def _show(self, menu: SetupMenu) -> None:
        self.menu = menu
        self.board.show_status(menu.describe())

    def reset(self, now: float) -> None:
        self.board.to_attract(now)

    def tick(self, now: float) -> None:
        if now >= self.idle_until():
            self.board.idle_to_attract(now)

    def deadline(self, now: float) -> float | None:
        return self.idle_until()

    def shows(self, now: float) -> dict:
        return {"setup": self.menu}
