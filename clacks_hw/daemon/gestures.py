"""A button that is part of a held gesture acts when it is let go, not when it is pressed.

The board's gestures are chords held for 3 s (PREV+NEXT: abandon the game; TURN+BACK: pair a
phone; PREV+BACK: forget the phones; drivers/debounce.py). Their buttons have actions of their
own (BACK cancels a preview, and on the set-up's first page leaves set-up), and two fingers
never land at the same instant: acting on the press would do BACK's action before the chord
could exist. So the press of a chord's button is held back until the button is let go, and
dropped when a chord it belongs to fires meanwhile. A quick tap acts on release (a tenth of a
second later); PLAY and the tower buttons belong to no chord and act as they are pressed.
"""

from __future__ import annotations

from ..drivers.debounce import FORGET_CHORD, PAIR_CHORD, RESET_CHORD, ButtonEvent

CHORD_BUTTONS = frozenset(RESET_CHORD + PAIR_CHORD + FORGET_CHORD)


class ChordGuard:
    def __init__(self, members=CHORD_BUTTONS) -> None:
        self.members = frozenset(members)
        self._held: dict[str, ButtonEvent] = {}  # presses waiting for their release

    def feed(self, event) -> list:
        """The events to act on now, in order, for one event in (anything not a button passes)."""
        if not isinstance(event, ButtonEvent):
            return [event]
        if event.kind == "press" and event.button in self.members:
            self._held[event.button] = event
            return []
        if event.kind == "chord":
            for name in event.button.split("+"):
                self._held.pop(name, None)  # part of the gesture: not a press of its own
            return [event]
        if event.kind == "release" and event.button in self._held:
            press = self._held.pop(event.button)
            return [ButtonEvent("press", press.button, event.t), event]
        return [event]
