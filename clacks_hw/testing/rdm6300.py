"""An RDM6300 (125 kHz EM4100 reader) on a real pseudo-terminal.

The module sends, at 9600 8N1, ``0x02`` + 10 hex characters + 2 hex characters of XOR
checksum + ``0x03`` (the framing in the RDM6300 datasheet, as parsed by
:mod:`clacks_hw.drivers.rdm6300`) over and over while a tag is in its field, and nothing when
the field is empty. The datasheet gives no repeat interval; modules on the bench repeat
roughly every 100 ms, which ``repeat_s`` models (an estimate, not a datasheet figure).
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from clacks_hw.drivers.rdm6300 import make_frame

from .pty_port import PtyPort, plug_pty


def em4100_uid_of(card: str) -> str:
    """A made-up 5-byte EM4100 number for each card (10 upper-case hex digits)."""
    n = sum(ord(c) * 31 ** k for k, c in enumerate(card)) & 0xFFFFFFFFFF
    return f"{n:010X}"


class EmulatedRdm6300:
    def __init__(self, *, repeat_s: float = 0.1, link_dir: str | os.PathLike | None = None) -> None:
        self.repeat_s = repeat_s
        self._tmp = None
        if link_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="clacks-rdm6300-")
            link_dir = self._tmp.name
        self.path = str(Path(link_dir) / "rdm6300")
        self.port: PtyPort | None = None
        self.uid: str | None = None  # the tag in the field
        self.frames_sent = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> EmulatedRdm6300:
        self.port = plug_pty(self.path)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="emulated-rdm6300", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.repeat_s):
            uid = self.uid
            if uid is not None:
                self.port.write(make_frame(uid))
                self.frames_sent += 1

    def place_card(self, uid: str) -> None:
        self.uid = uid.upper()

    def remove_card(self) -> None:
        self.uid = None

    def unplug(self) -> None:
        self._halt()
        self.port.close()
        if os.path.lexists(self.path):
            os.unlink(self.path)

    def replug(self) -> None:
        self.start()

    def stop_answering(self) -> None:
        self.port.answering = False

    def resume_answering(self) -> None:
        self.port.answering = True

    def _halt(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def stop(self) -> None:
        self._halt()
        if self.port is not None:
            self.port.close()
        if os.path.islink(self.path):
            os.unlink(self.path)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> EmulatedRdm6300:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
