"""The virtual board on a terminal: the lit board, the game's status, the latest messages and
the key line, redrawn together in place (no scrolling), like a small kiosk screen.

Used by `clacks-hw run --virtual` when standard output is a terminal. It is the LED backend
(``show``), where the controller reports (``status``/``message``), and the keyboard's echo
(``write``); log warnings land in the messages instead of scribbling over the drawing.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections import deque
from typing import TextIO

from ..drivers.frame import Frame
from ..drivers.leds_virtual import render as render_board
from .keyboard import HELP
from .screen_layout import Parts, compose

KEY_LINES = ("keys: 1-6 R1..R6   q-y G1..G6   [ ] PREV/NEXT   o TURN   space PLAY   b BACK",
             "      :J05 tap a card (Enter)   ! reset   P pair a phone   ? help   Ctrl-C quit")
SHORT_KEYS = "? keys   Ctrl-C quit"
MESSAGES = 4  # lines of recent messages kept on screen
MESSAGE_S = 30.0  # a message older than this is dropped (when the screen has a clock)
# Alternate screen (nothing left in the scrollback) with the cursor hidden, and back.
ENTER = "\x1b[?1049h\x1b[?25l"
LEAVE = "\x1b[?25h\x1b[?1049l"


class TerminalScreen:
    colour = True

    def __init__(self, stream: TextIO, clock=None, size=None) -> None:
        self.stream = stream
        self.clock = clock
        self._size = size or self._terminal_size
        self.last_frame: Frame | None = None
        self.footer = ""  # shown after the keys, e.g. the status page's address
        self.help_shown = False
        self._pairing: tuple[list[str], list[str]] | None = None  # (QR code, text) while pairing
        self._status: list[str] = []
        self._messages: deque[tuple[float, str]] = deque(maxlen=MESSAGES)
        self._typing = ""  # what the keyboard echoes before Enter (the card-id prompt)
        self._log = _ScreenLog(self)
        self._quietened: list[tuple[logging.Handler, int]] = []
        self._lock = threading.Lock()  # the loop, the keyboard and a resize all redraw
        self._entered = False
        self._old_winch = None

    # -- the terminal ------------------------------------------------------------------------
    def open(self) -> None:
        """Take the terminal over: the alternate screen, redrawn on every resize."""
        self._write(ENTER)
        self._entered = True
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGWINCH"):
            self._old_winch = signal.signal(signal.SIGWINCH, self._on_resize)

    def _on_resize(self, signum, frame) -> None:
        # A signal handler must not wait for the lock its own thread may hold: redraw aside.
        threading.Thread(target=self.redraw, name="screen-resize", daemon=True).start()

    def _terminal_size(self) -> tuple[int, int]:
        try:
            size = os.get_terminal_size(self.stream.fileno())
            return size.columns, size.lines
        except (OSError, ValueError, AttributeError):
            return 80, 24

    # -- the LED backend ---------------------------------------------------------------------
    def show(self, frame: Frame) -> None:
        self.last_frame = frame
        self.redraw()

    def close(self) -> None:
        self.stop_logging()
        if self._old_winch is not None:
            signal.signal(signal.SIGWINCH, self._old_winch)
            self._old_winch = None
        if self._entered:
            self._entered = False
            self._write(LEAVE)

    # -- what the controller says ------------------------------------------------------------
    def status(self, text: str) -> None:
        """The current state: it replaces what was said about the state before it."""
        self._status = text.rstrip("\n").split("\n")
        self._messages.clear()
        self.redraw()

    def message(self, text: str) -> None:
        for line in text.rstrip("\n").split("\n"):
            self._messages.append((self._now(), line))
        self.redraw()

    def pairing(self, qr: list[str] | None, text: list[str] | None = None) -> None:
        """While the board pairs a phone: its QR code in place of the board's drawing and the
        code beside it (None: the board again). This screen is the board's own display."""
        self._pairing = None if qr is None else (qr, text or [])
        self.redraw()

    def toggle_help(self) -> None:
        self.help_shown = not self.help_shown
        self.redraw()

    # -- the keyboard's echo (a file-like sink) ------------------------------------------------
    def write(self, text: str) -> int:
        *done, self._typing = (self._typing + text).split("\n")
        for line in done:
            if line.strip():
                self._messages.append((self._now(), line))
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
    def _now(self) -> float:
        return self.clock.now() if self.clock is not None else time.monotonic()

    def messages(self) -> list[str]:
        now = self._now()
        while self._messages and now - self._messages[0][0] > MESSAGE_S:
            self._messages.popleft()
        return [text for _, text in self._messages]

    def lines(self) -> list[str]:
        board = render_board(self.last_frame, True) if self.last_frame is not None else []
        text = HELP.split("\n") + ["(? again hides the help)"] if self.help_shown else self._status
        if self._pairing is not None:
            board, text = (self._pairing[0] or board), self._pairing[1]
        keys = list(KEY_LINES)
        short = SHORT_KEYS
        if self.footer:
            keys.append(self.footer)
            short += "   " + self.footer
        if self._typing:
            keys = [self._typing]
            short = self._typing
        width, height = self._size()
        return compose(Parts(board, text, self.messages(), keys, short), width, height)

    def redraw(self) -> None:
        with self._lock:
            lines = self.lines()
            # Home, each line cleared to its end, everything below cleared; no newline after
            # the last line, so even a full screen never scrolls.
            self._write("\x1b[H" + "\n".join(line + "\x1b[K" for line in lines) + "\x1b[J")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass  # a closed terminal must not stop the board


class _ScreenLog(logging.Handler):
    def __init__(self, screen: TerminalScreen) -> None:
        super().__init__(level=logging.WARNING)
        self.screen = screen

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.screen._messages.append((self.screen._now(), f"{record.levelname.lower()}: {record.getMessage()}"))
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)
