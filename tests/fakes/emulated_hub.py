"""The reader hub, emulated: the real firmware (``firmware/``) under CPython on fake chips.

:class:`EmulatedHub` builds the hub with the firmware's own ``main.build()`` against a
:class:`tests.fakes.machine.FakeBoard` carrying :class:`FakeMFRC522` chips, runs the
firmware's main loop (``Hub.run``) in a thread, and connects it to a real pseudo-terminal,
so the host's real pyserial path opens it. :attr:`EmulatedHub.path` is a stable symlink to
the current ``/dev/pts/N`` (like ``/dev/serial/by-id/...``), surviving unplug/replug.

    with EmulatedHub(readers=2) as hub:
        reader = CardReader(hub.path, events.put)
        hub.place_card(0, bytes.fromhex("04A2B3C4D5E680"))
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path
from types import SimpleNamespace

from tests.fakes.machine import FakeBoard
from tests.fakes.mfrc522_chip import FakeMFRC522

FIRMWARE_DIR = Path(__file__).resolve().parents[2] / "firmware"
FIRMWARE_MODULES = ("hubproto", "presence", "mfrc522", "hub", "main", "config")


def load_firmware() -> SimpleNamespace:
    """Import the firmware modules (top-level names, as on the Pico) and return them."""
    if str(FIRMWARE_DIR) not in sys.path:
        sys.path.insert(0, str(FIRMWARE_DIR))
    mods = {}
    for name in FIRMWARE_MODULES:
        mod = importlib.import_module(name)
        if not str(getattr(mod, "__file__", "")).startswith(str(FIRMWARE_DIR)):
            raise ImportError(f"module {name!r} shadows the firmware's {name}.py: {mod.__file__}")
        mods[name] = mod
    return SimpleNamespace(**mods)


def firmware_config(**overrides) -> SimpleNamespace:
    """The firmware's config.py values with some replaced (e.g. READERS, POLL_MS)."""
    cfg = load_firmware().config
    values = {k: getattr(cfg, k) for k in dir(cfg) if k.isupper()}
    values.update(overrides)
    return SimpleNamespace(**values)


class RealTicks:
    """MicroPython's ticks API on the host's monotonic clock; sleep ends early on stop."""

    def __init__(self, stop: threading.Event) -> None:
        self._stop = stop

    def ticks_ms(self) -> int:
        return int(time.monotonic() * 1000)

    def ticks_add(self, t: int, delta: int) -> int:
        return t + delta

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self._stop.wait(ms / 1000)


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


class EmulatedHub:
    def __init__(self, readers: int = 1, *, poll_ms: int = 5, hb_ms: int = 200,
                 link_dir: str | os.PathLike | None = None, **config) -> None:
        self.fw = load_firmware()
        self.cfg = firmware_config(READERS=readers, POLL_MS=poll_ms, HB_MS=hb_ms, **config)
        self.board = FakeBoard()
        self.chips = [FakeMFRC522() for _ in range(readers)]
        for cs, chip in zip(self.cfg.CS_PINS, self.chips):
            self.board.attach(cs, chip)
        self._tmp = None
        if link_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="clacks-hub-")
            link_dir = self._tmp.name
        self.path = str(Path(link_dir) / "reader-hub")
        self.port: PtyPort | None = None
        self.hub = None
        self.error: BaseException | None = None
        self.boots = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- life cycle ---
    def start(self) -> "EmulatedHub":
        self._plug()
        self._boot()
        return self

    def stop(self) -> None:
        self._halt()
        if self.port is not None:
            self.port.close()
        if os.path.islink(self.path):
            os.unlink(self.path)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> "EmulatedHub":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _plug(self) -> None:
        self.port = PtyPort()
        tmp_link = self.path + ".new"
        if os.path.lexists(tmp_link):
            os.unlink(tmp_link)
        os.symlink(self.port.slave_name, tmp_link)
        os.replace(tmp_link, self.path)

    def _boot(self) -> None:
        self._stop = threading.Event()
        self.hub = self.fw.main.build(self.cfg, self.board, RealTicks(self._stop), self.port)
        self.boots += 1
        self._thread = threading.Thread(target=self._run, name="emulated-hub", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.hub.run(stop=self._stop.is_set)
        except BaseException as exc:  # surfaced to tests through .error
            self.error = exc

    def _halt(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # --- the physical world ---
    def place_card(self, reader: int, uid: bytes) -> None:
        self.chips[reader].place(uid)

    def remove_card(self, reader: int) -> None:
        self.chips[reader].remove()

    def kill_reader(self, reader: int) -> None:
        """That reader's MFRC522 stops answering on SPI."""
        self.chips[reader].kill()

    def revive_reader(self, reader: int) -> None:
        self.chips[reader].revive()

    def unplug(self) -> None:
        """Pull the USB cable: the hub loses power, the host's port disappears."""
        self._halt()
        self.port.close()
        if os.path.lexists(self.path):
            os.unlink(self.path)

    def replug(self) -> None:
        """Plug it back: a new pty at the same path, the Pico boots again (cards stay put)."""
        for chip in self.chips:
            chip.revive()  # power-on reset of every reader
        self._plug()
        self._boot()

    def stop_answering(self) -> None:
        """Port stays open but the hub goes silent (wedged firmware, a bad cable)."""
        self.port.answering = False

    def resume_answering(self) -> None:
        self.port.answering = True

    @property
    def lines(self) -> list[bytes]:
        return [data for _, data in self.port.sent] if self.port else []
