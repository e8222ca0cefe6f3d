"""An emulated device's end of a real pseudo-terminal, behind a stable symlink."""

from __future__ import annotations

import os
import tempfile
import threading
import time
import tty
from pathlib import Path


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


class PtyDevice:
    """The life cycle every emulated serial device shares: a stable symlink ``path`` (in
    ``link_dir``, or a temporary folder of its own) to the current pty, a worker thread that
    ``_halt`` stops, unplugging and plugging back, a silent port, and use as a context manager.
    Subclasses open the port and set the thread running in ``_power_on``."""

    def __init__(self, name: str, link_dir: str | os.PathLike | None = None) -> None:
        self._tmp = None
        if link_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix=f"clacks-{name}-")
            link_dir = self._tmp.name
        self.path = str(Path(link_dir) / name)
        self.port: PtyPort | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self):
        self._power_on()
        return self

    def _power_on(self) -> None:
        raise NotImplementedError  # each device opens its port and starts its own worker

    @property
    def plugged(self) -> bool:
        return self.port is not None and not self.port.closed

    def _halt(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def unplug(self) -> None:
        """Pull the USB cable: the device loses power, the host's port disappears."""
        self._halt()
        self.port.close()
        if os.path.lexists(self.path):
            os.unlink(self.path)

    def replug(self) -> None:
        """Plug the cable back: the same path, a new pty, the device boots again. Plugged in
        already, it is pulled first (a power cycle), so its old pty and thread end."""
        if self.plugged:
            self.unplug()
        self._power_on()

    def stop(self) -> None:
        self._halt()
        if self.port is not None:
            self.port.close()
        if os.path.islink(self.path):
            os.unlink(self.path)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def stop_answering(self) -> None:
        """Port stays open but the device goes silent (wedged firmware, a bad cable)."""
        self.port.answering = False

    def resume_answering(self) -> None:
        self.port.answering = True

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
