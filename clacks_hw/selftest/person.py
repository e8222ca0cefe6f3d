"""The person at the board, as the walks see them: told what to do, asked what they see, and
able to give up waiting (a missing button, a dead reader)."""

from __future__ import annotations

import queue
import threading
from typing import Protocol


class Person(Protocol):
    def tell(self, text: str) -> None: ...

    def ask(self, question: str) -> str: ...

    def do(self, action: str, target: str) -> None:
        """The instruction just told ("press" a button, "tap"/"lift" a card at a seat's
        reader); a real person does it with their hands, so this does nothing for them."""

    def gave_up(self) -> bool:
        """True once the person has typed Enter while the walk waits (skip this one)."""


class ConsolePerson:
    """A person at a terminal: lines from ``stream`` (one reader thread) answer questions or,
    while a walk waits for a button or card, skip it."""

    def __init__(self, stream, echo) -> None:
        self.echo = echo
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), name="selftest-keys", daemon=True).start()

    def _read(self, stream) -> None:
        try:
            for line in stream:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def tell(self, text: str) -> None:
        self.echo(text)

    def ask(self, question: str) -> str:
        self.echo(question)
        line = self.lines.get()
        if line is None:
            raise EOFError("no more input")
        return line

    def do(self, action: str, target: str) -> None:
        return None

    def gave_up(self) -> bool:
        try:
            return self.lines.get_nowait() is not None
        except queue.Empty:
            return False
