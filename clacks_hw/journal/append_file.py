"""The journal's file on disk: appends that land whole or not at all.

A raw file descriptor, no Python write buffer: a buffered writer whose flush fails keeps the
line it could not write and writes it out with the next one once space returns, so the file
would hold an action that was never accepted. Here each append writes exactly its bytes at the
last good length and fsyncs them; if any step fails (a full disk, a file-size limit, an I/O
error) the file is cut back to that length before the error is raised, so it holds what it held
before. Should even the cut fail, the next append cuts first.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..base.errors import ClacksError

try:  # advisory lock so two daemons never append to one game; absent on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None

# errno values that mean "no room": free space, a quota or a file-size limit (RLIMIT_FSIZE).
NO_ROOM = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})
PROBE_BYTES = 512  # has_room(): more than any action line


class WriteFailed(ClacksError, OSError):
    """An append that did not reach the disk; ``restored``: the file is back as it was."""

    def __init__(self, cause: OSError, restored: bool):
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.restored = restored

    @property
    def no_room(self) -> bool:
        return self.errno in NO_ROOM


def file_mode(directory: Path) -> int:
    """0600, or 0640 in a set-group-ID directory: the way an owner shares a folder with a group
    (files made there get the folder's group). Journals hold the seed, so every hidden hand."""
    try:
        shared = os.stat(directory).st_mode & stat.S_ISGID
    except OSError:
        shared = 0
    return 0o640 if shared else 0o600


class AppendFile:
    """One file opened for appending whole records; see the module docstring."""

    def __init__(self, path: Path, fd: int, end: int):
        self.path, self._fd, self.end = path, fd, end
        self._dirty = False  # bytes of a failed append may still be past ``end``

    @classmethod
    def create(cls, path) -> AppendFile:
        """A new, empty, locked file (FileExistsError if there is one)."""
        path = Path(path)
        mode = file_mode(path.parent)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), mode)
        try:
            os.fchmod(fd, mode)  # the umask only takes bits away; this also takes them away
            f = cls(path, fd, 0)
            f.lock()
        except BaseException:
            os.close(fd)
            raise
        return f

    @classmethod
    def open(cls, path) -> AppendFile:
        """An existing file, locked; appends go at its end (see :meth:`cut`), :meth:`reader`
        reads it from the start. Never through a link (ELOOP): it would append to, or cut,
        whatever file the link names."""
        path = Path(path)
        fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO would block, a device is no journal
                raise OSError(errno.EINVAL, "not a regular file", str(path))
            os.set_blocking(fd, True)
            f = cls(path, fd, 0)
            f.lock()
            f.end = os.fstat(fd).st_size
        except BaseException:
            os.close(fd)
            raise
        return f

    def reader(self):
        """A ``read(n)`` of the file's bytes from the start, a chunk at a time (appends seek to
        the end themselves)."""
        os.lseek(self._fd, 0, os.SEEK_SET)
        return lambda n: os.read(self._fd, n)

    def lock(self) -> None:
        """Raises BlockingIOError when another process holds the file."""
        if fcntl is not None:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def cut(self, end: int) -> None:
        """Drop everything from ``end`` on (a torn tail), durably."""
        os.ftruncate(self._fd, end)
        os.fsync(self._fd)
        self.end = end

    def append(self, data: bytes) -> None:
        """Write ``data`` at the end and fsync it, or leave the file as it was (WriteFailed)."""
        self._put(data)
        self.end += len(data)

    def has_room(self, nbytes: int = PROBE_BYTES) -> bool:
        """Whether ``nbytes`` more can be written now: tried for real, then cut off again. The
        probe is newlines, so even a crash mid-probe leaves only blank lines, which readers skip."""
        try:
            self._put(b"\n" * nbytes)
        except WriteFailed:
            return False
        return self._restore()

    def _put(self, data: bytes) -> None:
        try:
            if self._dirty:
                os.ftruncate(self._fd, self.end)
                self._dirty = False
            os.lseek(self._fd, self.end, os.SEEK_SET)
            view = memoryview(data)
            while view:
                n = os.write(self._fd, view)
                if n <= 0:  # pragma: no cover - a regular file writes something or raises
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[n:]
            os.fsync(self._fd)
        except OSError as exc:
            self._dirty = True
            raise WriteFailed(exc, self._restore()) from None

    def _restore(self) -> bool:
        """Cut the file back to ``end`` (shrinking needs no space); False if even that fails."""
        try:
            os.ftruncate(self._fd, self.end)
            os.fsync(self._fd)
        except OSError:
            self._dirty = True
            return False
        self._dirty = False
        return True

    @property
    def closed(self) -> bool:
        return self._fd < 0

    def close(self) -> None:
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            try:
                os.close(fd)  # closing also releases the flock
            except OSError:  # pragma: no cover - nothing is left to lose: every append was fsync'd
                pass
