"""What goes wrong with a journal, each kind also a ValueError."""

from __future__ import annotations

from ..base.errors import ClacksError
from ..game.core.rejection import Rejection


class JournalError(ClacksError, ValueError):
    """A journal that cannot be used; ``line`` is the 1-based line number (None: the file)."""

    def __init__(self, line: int | None, message: str):
        self.line = line
        self.message = message
        super().__init__(message if line is None else f"line {line}: {message}")


class EditionMismatch(JournalError):
    """The journal was recorded with another edition than the one given."""

    def __init__(self, line: int, recorded: str, recorded_name: str | None, edition):
        self.recorded, self.recorded_name = recorded, recorded_name
        was = f"edition {recorded_name!r} (fingerprint {recorded})" if recorded_name else f"edition fingerprint {recorded}"
        super().__init__(line, f"recorded with {was}, but this is edition {edition.name!r} "
                               f"(fingerprint {edition.fingerprint})")


class JournalRejected(JournalError):
    """An action in the journal that the engine refuses."""

    def __init__(self, line: int, rejection: Rejection):
        self.rejection = rejection
        super().__init__(line, f"{rejection.code}: {rejection.message}")
