"""An emulated device's end of a real pseudo-terminal, behind a stable symlink."""

from __future__ import annotations

import os
import time
import tty


class PtyPort:
    """The hub's end of a pseudo-terminal: the master side, non-blocking, never blocking the
    firmware loop (bytes nobody reads are dropped and counted, as USB would time them out)."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no CR/LF translation: bytes pass unchanged
        os.set_blocking(self.master, False)
        self.slave_name = os.ttyname(self.slave)
        self.sent: list[tuple[float, bytes]] = []  # (monotonic time, line) of every write
        self.dropped = 0
        self.answering = True
        self.closed = False

    def read(self) -> bytes:
        if self.closed:
            return b""
        try:
            data = os.read(self.master, 256)
        except (BlockingIOError, OSError):
            return b""
        return data if self.answering else b""

    def write(self, data: bytes) -> None:
        self.sent.append((time.monotonic(), bytes(data)))
        if self.closed or not self.answering:
            self.dropped += len(data)
            return
        try:
            n = os.write(self.master, data)
        except (BlockingIOError, OSError):
            n = 0
        self.dropped += len(data) - n

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            os.close(self.master)
            os.close(self.slave)


def plug_pty(path: str) -> PtyPort:
    """A new pty whose device ``path`` (a symlink, like /dev/serial/by-id/...) points at."""
    port = PtyPort()
    tmp_link = path + ".new"
    if os.path.lexists(tmp_link):
        os.unlink(tmp_link)
    os.symlink(port.slave_name, tmp_link)
    os.replace(tmp_link, path)
    return port
