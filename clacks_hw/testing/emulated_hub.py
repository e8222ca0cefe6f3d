"""The reader hub, emulated: the real firmware (``firmware/``) under CPython on fake chips.

:class:`EmulatedHub` builds the hub with the firmware's own ``main.build()`` against a
:class:`clacks_hw.testing.machine.FakeBoard` carrying :class:`FakeMFRC522` chips, runs the
firmware's main loop (``Hub.run``) in a thread, and connects it to a real pseudo-terminal,
so the host's real pyserial path opens it. :attr:`EmulatedHub.path` is a stable symlink to
the current ``/dev/pts/N`` (like ``/dev/serial/by-id/...``), surviving unplug/replug.

    with EmulatedHub(readers=2) as hub:
        reader = CardReader(hub.path, events.put)
        hub.place_card(0, bytes.fromhex("04A2B3C4D5E680"))
"""

from __future__ import annotations

import os
import threading
import time

from .firmware_files import firmware_config, load_firmware
from .machine import Buffer125, FakeBoard
from .mfrc522_chip import FakeMFRC522
from .pty_port import PtyDevice, PtyPort, plug_pty
from .ticks import RealTicks, VirtualTicks

__all__ = ["EmulatedHub", "PtyPort", "RealTicks", "VirtualTicks", "firmware_config", "load_firmware", "plug_pty"]


class EmulatedHub(PtyDevice):
    def __init__(self, readers: int = 1, *, poll_ms: int = 5, hb_ms: int = 200,
                 link_dir: str | os.PathLike | None = None, versions=(), holds_miso: bool = False,
                 miso_buffer: bool = True, **config) -> None:
        super().__init__("reader-hub", link_dir)
        self.fw = load_firmware()
        self.cfg = firmware_config(READERS=readers, POLL_MS=poll_ms, HB_MS=hb_ms, **config)
        self.board = FakeBoard()
        # versions: each chip's VersionReg (default 0x92, a genuine MFRC522 v2.0), e.g. 0x89
        # for the FM17522E clone many cheap boards carry; holds_miso: clone boards that keep
        # MISO tied low while deselected. miso_buffer: the board's MISO buffers (one per reader) between the
        # readers' MISO and the Pico's (False: the readers' MISO wired together, unbuffered).
        self.chips = [FakeMFRC522(versions[k] if k < len(versions) else 0x92, holds_miso=holds_miso)
                      for k in range(readers)]
        self.buffer = Buffer125() if miso_buffer else None
        if self.buffer is not None:
            self.board.fit(self.buffer, self.cfg.CS_PINS)  # a channel per connector, readers or not
        for cs, chip in zip(self.cfg.CS_PINS, self.chips):
            self.board.attach(cs, chip, self.buffer)
        self.hub = None
        self.error: BaseException | None = None
        self.boots = 0

    # --- life cycle ---
    def _power_on(self) -> None:
        """The cable in: a new pty at ``path``, and the Pico boots, resetting every reader
        (a power-on reset; cards stay where they lie)."""
        for chip in self.chips:
            chip.revive()
        self.port = plug_pty(self.path)
        self._stop = threading.Event()
        ticks = RealTicks(self._stop)
        self.board.set_clock(ticks)  # the chips take real time to reset and to answer
        self.hub = self.fw.main.build(self.cfg, self.board, ticks, self.port)
        self.boots += 1
        self._thread = threading.Thread(target=self._run, name="emulated-hub", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.hub.run(stop=self._stop.is_set)
        except BaseException as exc:  # surfaced to tests through .error
            self.error = exc

    # --- the physical world ---
    def place_card(self, reader: int, uid: bytes) -> None:
        self.chips[reader].place(uid)

    def remove_card(self, reader: int) -> None:
        self.chips[reader].remove()

    def tap_card(self, reader: int, uid: bytes, timeout: float = 2.0) -> bool:
        """Place a card, and take it away once the hub has reported it (True) or after
        ``timeout`` seconds of real time (False: a dead chip or an unplugged hub)."""
        sent = len(self.port.sent) if self.port else 0
        wanted = f" TAG {reader} {uid.hex().upper()}".encode("ascii")
        self.place_card(reader, uid)
        deadline = time.monotonic() + timeout
        seen = False
        while not seen and time.monotonic() < deadline:
            seen = any(wanted in line for _, line in self.port.sent[sent:])
            if not seen:
                time.sleep(0.005)
        self.remove_card(reader)
        return seen

    def kill_reader(self, reader: int) -> None:
        """That reader's MFRC522 stops answering on SPI."""
        self.chips[reader].kill()

    def revive_reader(self, reader: int) -> None:
        self.chips[reader].revive()

    @property
    def lines(self) -> list[bytes]:
        return [data for _, data in self.port.sent] if self.port else []
