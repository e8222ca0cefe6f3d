"""The virtual board's keys: the 17 buttons and tapping any card, from a terminal or a pipe.

With a terminal, keys act at once (cbreak mode through termios, restored on exit); from a pipe
or file the same characters are read as they come, and end of input just stops reading.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

from ..drivers.debounce import FORGET_CHORD, PAIR_CHORD, RESET_CHORD, ButtonEvent
from .events import CardTap, Quit

log = logging.getLogger(__name__)

KEYS = {
    **{str(k + 1): f"R{k + 1}" for k in range(6)},
    **{ch: f"G{k + 1}" for k, ch in enumerate("qwerty")},
    "[": "PREV", ",": "PREV", "]": "NEXT", ".": "NEXT",
    "o": "TURN", "\t": "TURN",
    " ": "PLAY", "\r": "PLAY", "\n": "PLAY",
    "\x7f": "BACK", "\x08": "BACK", "b": "BACK",
}
ARROWS = {"D": "PREV", "C": "NEXT"}  # ESC [ D = left, ESC [ C = right
RESET_KEY = "!"
CHORD_KEYS = {RESET_KEY: RESET_CHORD, "P": PAIR_CHORD, "F": FORGET_CHORD}  # each held 3 s
PROMPT_KEY = ":"
QUIT_KEY = "\x04"  # Ctrl-D on a terminal

HELP = """\
Virtual board keys:
  1 2 3 4 5 6      tower buttons R1..R6 (red)
  q w e r t y      tower buttons G1..G6 (green)
  [ or , or Left   PREV        ] or . or Right   NEXT
  o or Tab         TURN        Space or Enter    PLAY
  Backspace or b   BACK        !                 hold PREV+NEXT 3 s (reset)
  P                hold TURN+BACK 3 s (pair a phone)
  F                hold PREV+BACK 3 s (forget phones)
  :J05 Enter       tap a card by its id: J05 jacquard, F03 fault, W:GUILD word
  ?                this help (again: hide it)   Ctrl-D / Ctrl-C   quit"""


class Keyboard:
    def __init__(self, stream, put: Callable[[object], None], clock, out=None) -> None:
        self.stream = stream
        self.put = put
        self.clock = clock
        self.out = out
        try:
            self._fd = stream.fileno()
        except (OSError, ValueError, AttributeError):  # io.StringIO, a test runner's input
            self._fd = None
        self._tty = self._fd is not None and os.isatty(self._fd)
        self._saved = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._prompt: str | None = None
        self._esc = ""

    def start(self) -> Keyboard:
        if self._tty:
            import termios
            import tty

            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        self._thread = threading.Thread(target=self._run, name="virtual-keyboard", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def _run(self) -> None:
        import select

        if self._fd is None:
            while not self._stop.is_set():
                ch = self.stream.read(1)
                if not ch:
                    return
                self.key(ch if isinstance(ch, str) else ch.decode("utf-8", "replace"))
            return
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._fd], [], [], 0.2)
                if not ready:
                    continue
                data = os.read(self._fd, 64)
            except (OSError, ValueError):
                return
            if not data:
                return  # end of input: the board keeps running (make demo < /dev/null)
            for ch in data.decode("utf-8", errors="replace"):
                self.key(ch)

    def _say(self, text: str) -> None:
        if self.out is not None:
            self.out.write(text)
            self.out.flush()

    def key(self, ch: str) -> None:
        """One character typed."""
        if self._prompt is not None:
            if ch in "\r\n":
                card, self._prompt = self._prompt.strip(), None
                self._say("\n")
                if card:
                    self.put(CardTap(card.upper()))
            elif ch in "\x7f\x08":
                self._prompt = self._prompt[:-1]
            elif ch == "\x1b":
                self._prompt = None
            else:
                self._prompt += ch
                if self._tty:
                    self._say(ch)
            return
        if self._esc or ch == "\x1b":
            self._esc += ch
            if len(self._esc) == 3:
                name = ARROWS.get(self._esc[2]) if self._esc[1] == "[" else None
                self._esc = ""
                if name:
                    self._press(name)
            return
        if ch == PROMPT_KEY:
            self._prompt = ""
            if self._tty:
                self._say("card id: ")
        elif ch in CHORD_KEYS:
            self.put(ButtonEvent("chord", "+".join(CHORD_KEYS[ch]), self.clock.now(), 3.0))
        elif ch == "?":
            toggle = getattr(self.out, "toggle_help", None)  # a screen shows it until ? again
            if toggle is not None:
                toggle()
            else:
                self._say(HELP + "\n")
        elif ch == QUIT_KEY and self._tty:
            self.put(Quit("Ctrl-D"))
        elif ch in KEYS:
            self._press(KEYS[ch])

    def _press(self, name: str) -> None:
        now = self.clock.now()
        self.put(ButtonEvent("press", name, now))
        self.put(ButtonEvent("release", name, now, 0.0))
