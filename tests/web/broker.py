"""A real Mosquitto (Debian's package) on a free loopback port, started and stopped by a test."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time

import pytest

from tests.support.tools import require_tool
from tests.web.live import free_port


class Broker:
    def __init__(self, tmp_path) -> None:
        self.exe = require_tool("mosquitto", "mosquitto")
        self.port = free_port()
        self.dir = tmp_path
        self.conf = tmp_path / "mosquitto.conf"
        self.conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                             f"log_dest file {tmp_path / 'mosquitto.log'}\n")
        self.proc: subprocess.Popen | None = None

    def start(self) -> Broker:
        self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"mosquitto did not start: {(self.dir / 'mosquitto.log').read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.resume()  # a paused broker cannot hear SIGTERM
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def pause(self) -> None:
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)


@pytest.fixture
def broker(tmp_path):
    """A test's own broker, started for it and stopped after (import it into the test's module)."""
    b = Broker(tmp_path).start()
    yield b
    b.stop()
