"""Writing a journal: every line on disk (fsync'd) before the action counts, or the file as it
was; and marking an abandoned one so it is never resumed."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Self

from .append_file import AppendFile, WriteFailed
from .errors import JournalError
from .header import check_header
from .lines import CLOCKED, _dumps_line, line_crc
from .reading import Journal, Scan, collect
from .splitting import LineReader


class JournalWriteError(JournalError):
    """An append that could not be made durable; the file is as it was before it (``restored``).
    ``no_room``: the disk (or a quota, or a file-size limit) is full."""

    def __init__(self, path: Path, exc: WriteFailed):
        self.errno, self.no_room, self.restored = exc.errno, exc.no_room, exc.restored
        what = "the disk is full" if exc.no_room else f"cannot write: {exc.strerror}"
        super().__init__(None, f"{path}: {what}; the action was not recorded")


def _fsync_dir(path: Path) -> None:
    # A new file survives a crash only once its directory entry is on disk too.
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows cannot open directories
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


ABANDONED = ".abandoned"  # a game given up (the reset question, the admin page)
REFUSED = ".refused"  # a journal the board could not resume, set aside when the owner chose an older game


def _rename(path: Path, suffix: str) -> Path:
    target = path.with_name(path.name + suffix)
    path.rename(target)
    _fsync_dir(target)
    return target


def mark_abandoned(path: Path) -> Path:
    """Rename a journal to ``NAME.abandoned`` so it is never resumed, durably: a power cut right
    after must not bring the abandoned game back."""
    return _rename(path, ABANDONED)


def set_aside(path: Path) -> Path:
    """Rename a journal the board refused to ``NAME.refused``, durably, once the owner has chosen
    to go on with an older game: it is kept, but no longer the newest game."""
    return _rename(path, REFUSED)


def open_locked(path) -> AppendFile:
    """An existing journal opened to go on with it: locked, so two boards never append to one."""
    path = Path(path)
    try:
        return AppendFile.open(path)
    except BlockingIOError:
        raise JournalError(None, f"{path} is open for writing by another process") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise JournalError(None, f"{path} is a symbolic link; the board never goes on with a "
                                     "journal through a link (copy the file itself there)") from None
        raise JournalError(None, f"cannot open {path}: {exc.strerror or exc}") from None


class JournalWriter:
    """Appends lines to one journal; each ``append`` is on disk (fsync'd) when it returns, or
    raises JournalWriteError with the file left as it was (append_file.py)."""

    def __init__(self, path: Path, file: AppendFile, journal: Journal | None):
        self.path, self._file, self.journal = path, file, journal

    @classmethod
    def create(cls, path, header: dict) -> JournalWriter:
        """Start a new journal with ``header`` (see ``make_header``); never overwrites a file.
        If the header cannot be written, no file is left behind."""
        path = Path(path)
        checked = check_header(header)
        try:
            file = AppendFile.create(path)
        except FileExistsError:
            raise JournalError(None, f"{path} already exists; a journal is never overwritten "
                                     "(resume it, or choose another file)") from None
        except BlockingIOError:
            raise JournalError(None, f"{path} is open for writing by another process") from None
        except OSError as exc:
            raise JournalError(None, f"cannot create {path}: {exc.strerror or exc}") from None
        writer = cls(path, file, Journal(header=checked, header_line=1))
        try:
            writer._write_line(header)
            _fsync_dir(path)
        except (JournalError, OSError):
            file.close()
            path.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def open(cls, path) -> JournalWriter:
        """Reopen a journal to append; a damaged last line is cut off first (see ``warnings``)."""
        file = open_locked(path)
        try:
            return cls.attach(file, collect(Scan(LineReader(file.reader()))))
        except BaseException:
            file.close()
            raise

    @classmethod
    def attach(cls, file: AppendFile, journal: Journal) -> JournalWriter:
        """The writer of an open ``file`` whose whole ``journal`` was read: a torn tail is cut off
        first, since otherwise the next line would be glued onto the torn bytes and both be lost."""
        writer = cls(file.path, file, journal)
        if journal.good_end < file.end:
            file.cut(journal.good_end)
        if journal.open_end:
            writer._write(b"\n")  # a hand-written last line without its newline
        return writer

    @property
    def warnings(self) -> list[str]:
        return self.journal.warnings

    def _write_line(self, obj: dict) -> None:
        j = self.journal
        body = {k: v for k, v in obj.items() if k != "crc"}
        body["crc"] = line_crc(body, j.last_crc if j.chained else None)  # None: the header
        self._write(_dumps_line(body))
        j.last_crc = body["crc"]

    def _write(self, data: bytes) -> None:
        try:
            self._file.append(data)
        except WriteFailed as exc:
            raise JournalWriteError(self.path, exc) from None

    def append(self, action) -> None:
        """Write one action line (a game's action, or its JSON object) and fsync it."""
        obj = action.to_json() if hasattr(action, "to_json") else dict(action)  # any game's action
        self._write_line(obj)

    def mark_clock(self, seat: str, turn: int, used: float) -> bool:
        """Journal that ``used`` seconds of turn ``turn`` (``seat`` to act) have gone (an
        Express game's clock, format 3); False, writing nothing, in an older format."""
        if self.journal.header["format"] < CLOCKED:
            return False
        self._write_line({"clock": round(used, 1), "seat": seat, "turn": turn})
        return True

    def has_room(self) -> bool:
        """Whether an action line could be appended now (tried, then undone)."""
        return self._file.has_room()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
