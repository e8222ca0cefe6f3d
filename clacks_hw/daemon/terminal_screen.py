"""The virtual board on a terminal: the lit board, the game's status, the latest messages and
the key line, redrawn together in place (no scrolling), like a small kiosk screen.

Used by `clacks-hw run --virtual` when standard output is a terminal. It is the LED backend
(``show``), where the controller reports (``status``/``message``), and the keyboard's echo
(``write``); log warnings land in the messages instead of scribbling over the drawing.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import TextIO

from ..drivers.frame import Frame
from ..drivers.leds_virtual import render as render_board

KEY_LINES = ("keys: 1-6 R1..R6   q-y G1..G6   [ ] PREV/NEXT   o TURN   space PLAY   b BACK",
             "      :J05 tap a card (Enter)   ! reset   ? help   Ctrl-C quit")
MESSAGES = 10  # lines of recent messages kept on screen


class TerminalScreen:
    colour = True

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.last_frame: Frame | None = None
        self._status: list[str] = []
        self._messages: deque[str] = deque(maxlen=MESSAGES)
        self._typing = ""  # what the keyboard echoes before Enter (the card-id prompt)
        self._log = _ScreenLog(self)
        self._quietened: list[tuple[logging.Handler, int]] = []

    # -- the LED backend ---------------------------------------------------------------------
    def show(self, frame: Frame) -> None:
        self.last_frame = frame
        self.redraw()

    def close(self) -> None:
        self.stop_logging()
        if self.stream.isatty():
            self.stream.write("\n")
            self.stream.flush()

    # -- what the controller says ------------------------------------------------------------
    def status(self, text: str) -> None:
        self._status = text.rstrip("\n").split("\n")
        self.redraw()

    def message(self, text: str) -> None:
        for line in text.rstrip("\n").split("\n"):
            self._messages.append(line)
        self.redraw()

    # -- the keyboard's echo (a file-like sink) ------------------------------------------------
    def write(self, text: str) -> int:
        *done, self._typing = (self._typing + text).split("\n")
        for line in done:
            if line.strip():
                self._messages.append(line)
        self.redraw()
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    # -- logging -----------------------------------------------------------------------------
    def start_logging(self) -> None:
        """Warnings go to the messages; terminal log handlers hold their peace meanwhile."""
        root = logging.getLogger()
        for handler in root.handlers:
            stream = getattr(handler, "stream", None)
            if stream is not None and getattr(stream, "isatty", lambda: False)():
                self._quietened.append((handler, handler.level))
                handler.setLevel(logging.CRITICAL + 1)
        root.addHandler(self._log)

    def stop_logging(self) -> None:
        root = logging.getLogger()
        root.removeHandler(self._log)
        for handler, level in self._quietened:
            handler.setLevel(level)
        self._quietened = []

    # -- drawing -----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        board = render_board(self.last_frame, True) if self.last_frame is not None else []
        out = board + [""] + self._status + [""] + list(self._messages)
        out += [""] + (list(KEY_LINES) if not self._typing else [self._typing, ""])
        return out

    def redraw(self) -> None:
        try:
            # Home, each line cleared to its end, then everything below cleared: no flicker.
            body = "".join(line + "\x1b[K\n" for line in self.lines())
            self.stream.write("\x1b[H" + body + "\x1b[J")
            self.stream.flush()
        except (OSError, ValueError):
            pass  # a closed terminal must not stop the board


class _ScreenLog(logging.Handler):
    def __init__(self, screen: TerminalScreen) -> None:
        super().__init__(level=logging.WARNING)
        self.screen = screen

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.screen._messages.append(f"{record.levelname.lower()}: {record.getMessage()}")
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)
