"""A `clacks-hw` subprocess on a real pseudo-terminal: type lines, read until a pattern."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time


class PtyProcess:
    def __init__(self, *args: str, env=None) -> None:
        self.master, slave = os.openpty()
        command = os.path.join(os.path.dirname(sys.executable), "clacks-hw")  # the installed entry point
        self.proc = subprocess.Popen([command, *args], stdin=slave, stdout=slave, stderr=slave,
                                     close_fds=True, env=env)
        os.close(slave)
        self.text = ""

    def expect(self, pattern: str, timeout: float = 10.0) -> re.Match:
        """Read until ``pattern`` (a regex) appears in what the process wrote (bounded)."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while not (m := rx.search(self.text)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} within {timeout}s; output so far:\n{self.text}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the process ended before {pattern!r}; output:\n{self.text}")
                self.text += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        self.text = self.text[m.end():]
        return m

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait(self, timeout: float = 10.0) -> int:
        try:
            return self.proc.wait(timeout)
        finally:
            os.close(self.master)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
