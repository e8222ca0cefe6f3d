"""Who holds a serial port: the card reader opens its port with an exclusive lock (flock, as
pyserial's ``exclusive=True`` takes it), so a second board daemon on the same reader would
only ever see "busy" and retry for ever. The daemon asks here before it starts, and refuses
to start when another process holds the port, naming it (Linux: /proc/locks lists every
flock with the holder's pid and the locked file's device and inode)."""

from __future__ import annotations

import errno
import fcntl
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Holder:
    pid: int | None  # None: the lock is there, its holder could not be found
    command: str  # its command line, shortened ("" when unknown)
    unit: str | None  # the systemd service it runs as, if any

    def how_to_stop(self) -> str:
        if self.unit:
            return f"sudo systemctl stop {self.unit.removesuffix('.service')}"
        if self.pid is not None:
            return f"kill {self.pid} (or Ctrl-C in its terminal)"
        return "stop the other program using the reader (sudo fuser -v PORT names it)"

    def describe(self) -> str:
        if self.pid is None:
            return "another process"
        what = f" ({self.command})" if self.command else ""
        return f"process {self.pid}{what}"


def held_by(port: str, proc: str | Path = "/proc") -> Holder | None:
    """The process holding ``port``'s exclusive lock, or None when nobody does (or the port
    cannot be opened at all: a missing reader is the reader's own offline state, not this)."""
    try:
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                return None
            info = os.fstat(fd)
            return _holder(Path(proc), info.st_dev, info.st_ino)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def _holder(proc: Path, dev: int, ino: int) -> Holder:
    want = f"{os.major(dev):02x}:{os.minor(dev):02x}:{ino}"
    try:
        lines = (proc / "locks").read_text().splitlines()
    except OSError:
        lines = []
    for line in lines:
        parts = line.split()
        # "3: FLOCK  ADVISORY  WRITE 17634 00:1a:4 0 EOF" (a blocked waiter's line has "->")
        if len(parts) >= 6 and parts[1] == "FLOCK" and "->" not in parts and _same(parts[5], want):
            pid = int(parts[4])
            return Holder(pid, _command(proc, pid), _unit(proc, pid))
    return Holder(None, "", None)


def _same(given: str, want: str) -> bool:
    try:
        a, b = given.split(":", 2), want.split(":", 2)
        return [int(a[0], 16), int(a[1], 16), int(a[2])] == [int(b[0], 16), int(b[1], 16), int(b[2])]
    except (ValueError, IndexError):
        return False


def _command(proc: Path, pid: int) -> str:
    try:
        raw = (proc / str(pid) / "cmdline").read_bytes()
    except OSError:
        return ""
    words = [w.decode("utf-8", "replace") for w in raw.split(b"\0") if w]
    if len(words) >= 2 and os.path.basename(words[0]).startswith("python"):
        words = words[1:]  # "python3 /usr/local/bin/clacks-hw run": the program is what matters
    words = [os.path.basename(words[0])] + words[1:] if words else words
    text = " ".join(words)
    return text if len(text) <= 60 else text[:59] + "\u2026"


def _unit(proc: Path, pid: int) -> str | None:
    try:
        cgroup = (proc / str(pid) / "cgroup").read_text()
    except OSError:
        return None
    for part in cgroup.replace("\n", "/").split("/"):
        if part.endswith(".service") and part.startswith("clacks"):
            return part
    return None


def refusal(port: str, holder: Holder) -> str:
    """Why a board daemon does not start on a reader another process holds, and what to do."""
    return (f"the card reader's port {port} is in use by {holder.describe()}: two programs cannot share "
            "one reader (each would miss taps), so this board does not start.\n"
            f"    fix: stop the other one first: {holder.how_to_stop()}; then start this one again")
