"""systemd notifications with the standard library: READY=1, WATCHDOG=1, STATUS=..., STOPPING=1.

Sent as datagrams to the unix socket named by NOTIFY_SOCKET (an abstract socket when it starts
with '@'). WATCHDOG=1 goes out every half WATCHDOG_USEC, and only from the loop's own
iterations, so a wedged loop stops feeding the watchdog and systemd restarts the daemon.
Without NOTIFY_SOCKET (not under systemd) every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


class SystemdNotifier:
    def __init__(self, env=None) -> None:
        env = os.environ if env is None else env
        addr = env.get("NOTIFY_SOCKET") or None
        if addr and addr.startswith("@"):
            addr = "\0" + addr[1:]
        self.address = addr
        self.interval: float | None = None
        usec, pid = env.get("WATCHDOG_USEC"), env.get("WATCHDOG_PID")
        try:
            if addr and usec and (not pid or int(pid) == os.getpid()):
                self.interval = int(usec) / 2 / 1e6
        except ValueError:
            log.warning("ignoring a bad WATCHDOG_USEC=%r / WATCHDOG_PID=%r", usec, pid)
        self._next: float | None = None
        self._status = None
        self.sent: list[str] = []  # what was sent (for tests and the log)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, text: str) -> bool:
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
                s.sendto(text.encode(), self.address)
        except OSError as exc:
            log.debug("sd_notify %r failed: %s", text, exc)
            return False
        self.sent.append(text)
        return True

    def ready(self, now: float) -> None:
        self.send("READY=1")
        if self.interval:
            self._next = now

    def status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            self.send(f"STATUS={text}")

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def tick(self, now: float) -> None:
        """Feed the watchdog if due; call only from a healthy loop iteration."""
        if self._next is not None and now >= self._next:
            self.send("WATCHDOG=1")
            self._next = now + self.interval

    def next_deadline(self) -> float | None:
        return self._next
