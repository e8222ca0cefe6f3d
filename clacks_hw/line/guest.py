"""The guest's board: its buttons and card taps go over the line for its seat, and its lamps show
the host's. It decides nothing about the game (the host's board does); it says what the line
says: open, an input refused and why, the line down since when.

Any LED output (the terminal's VirtualLeds, the lit board's) and any source of input events (the
virtual board's keyboard, the buttons' debouncer, the card reader) plug in: the events come on a
queue, as on the board.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from ..daemon.events import CardTap, Quit
from ..drivers.debounce import ButtonEvent
from . import inputs
from .link import LineLink
from .messages import frame_of

REFUSED = {"not_in_game": "the host's board is not in a game yet: it deals the game",
           "not_your_turn": "not your turn: wait for the other table",
           "bad_input": "the host's board could not read that input"}


class GuestBoard:
    def __init__(self, link: LineLink, seat: str, leds, say: Callable[[str], None], clock=time) -> None:
        self.link, self.seat, self.leds, self.say, self.clock = link, seat, leds, say, clock
        self.frames = 0
        self._down: float | None = None

    def step(self, events: queue.Queue, wait: float = 0.05) -> bool:
        """Pump the line, light its newest frame, send what was pressed or tapped; False on Quit."""
        now = self.clock.monotonic()
        out = self.link.pump(now)
        if out.broker:
            self.say(out.broker)
        if out.opened:
            self.say(f"line open: you play seat {self.seat}; the host's board deals the game")
        if out.refused:
            self.say(f"the line did not open: {out.refused.get('code')} ({out.refused.get('what', '')}: "
                     f"ours {out.refused.get('ours')}, theirs {out.refused.get('theirs')})")
        for entry in out.entries:
            if entry.get("by") == self.seat and "refused" in entry:
                self.say(REFUSED.get(entry["refused"]["code"], entry["refused"]["code"]))
        if out.frame:
            frame = frame_of(out.frame)
            if frame is not None:
                self.leds.show(frame)
                self.frames += 1
        down = self.link.core.status(now)
        if down != self._down:
            self._down = down
            self.say("the line is up again" if down is None else
                     f"line down since {time.strftime('%H:%M', time.localtime(time.time() - (now - down)))}: "
                     "waiting for the other side (your presses are kept and sent when it is back)")
        try:
            event = events.get(timeout=wait)
        except queue.Empty:
            return True
        while True:
            if isinstance(event, Quit):
                return False
            if isinstance(event, (ButtonEvent, CardTap)) and self.link.core.host_box is not None:
                self.link.act(self.seat, inputs.encode(event))
            elif isinstance(event, (ButtonEvent, CardTap)):
                self.say("the line is not open yet: press again once it is")
            try:
                event = events.get_nowait()
            except queue.Empty:
                return True
