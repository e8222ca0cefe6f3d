"""Reading a file someone else wrote (a config, an edition) without trusting what it is.

Only a regular file is read, opened without blocking first (opening a FIFO for reading waits
for a writer for ever) and checked on the open descriptor (no race with a rename), and at most
``limit`` bytes of it (``/dev/zero`` would fill the memory).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import ClacksError


class NotRegular(ClacksError, OSError):
    """A directory, device, FIFO or socket where a file was expected."""


class TooLarge(ClacksError, OSError):
    """More than the caller's limit."""


def read_regular(path: str | os.PathLike, limit: int, *, dir_fd: int | None = None) -> bytes:
    """``dir_fd``: ``path`` is a name in that (checked) folder and a link there is not followed."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if dir_fd is not None:
        flags |= os.O_NOFOLLOW
    fd = os.open(Path(path), flags, dir_fd=dir_fd)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"
            raise NotRegular(f"is {kind}, not a regular file")
        chunks, size = [], 0
        while size <= limit and (chunk := os.read(fd, min(1 << 16, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise TooLarge(f"is larger than {limit // 1024} KiB")
    return b"".join(chunks)
