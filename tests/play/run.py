"""`clacks-hw play` as a person runs it: a real process, its address read from its output."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from urllib.parse import urlsplit

URL = re.compile(r"The board is at (http://\S+)")


class PlayProcess:
    def __init__(self, tmp, *args: str) -> None:
        env = {**os.environ, "DISPLAY": "", "WAYLAND_DISPLAY": "", "BROWSER": ""}
        self.started = time.monotonic()
        self.tmp = tmp
        self.proc = subprocess.Popen([sys.executable, "-m", "clacks_hw.cli", "play", "--no-browser", "--port", "0",
                                      "--journal-dir", str(tmp / "journals"), *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines: list[str] = []
        self.url = None
        deadline = time.monotonic() + 30
        while self.url is None and time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            m = URL.search(line)
            if m:
                self.url = m.group(1)
        assert self.url, f"no address printed: {self.lines} {self.proc.stderr.read() if self.proc.poll() is not None else ''}"
        while not any("Ctrl-C stops the board" in line for line in self.lines):  # the game is on
            line = self.proc.stdout.readline()
            assert line, f"it stopped before the game began: {self.lines} {self.proc.stderr.read()}"
            self.lines.append(line)
        parts = urlsplit(self.url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.port = parts.port

    def stop(self) -> tuple[int, str, str]:
        if self.proc.poll() is None:
            self.proc.terminate()
        out, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, "".join(self.lines) + out, err
