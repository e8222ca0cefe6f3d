"""An RDM6300 (125 kHz EM4100 reader) on a real pseudo-terminal.

The module sends, at 9600 8N1, ``0x02`` + 10 hex characters + 2 hex characters of XOR
checksum + ``0x03`` (the framing in the RDM6300 datasheet, as parsed by
:mod:`clacks_hw.drivers.rdm6300`) over and over while a tag is in its field, and nothing when
the field is empty. The datasheet gives no repeat interval; modules on the bench repeat
roughly every 100 ms, which ``repeat_s`` models (an estimate, not a datasheet figure).
"""

from __future__ import annotations

import os
import threading

from clacks_hw.drivers.rdm6300 import make_frame

from .pty_port import PtyDevice, plug_pty


def em4100_uid_of(card: str) -> str:
    """A made-up 5-byte EM4100 number for each card (10 upper-case hex digits)."""
    n = sum(ord(c) * 31 ** k for k, c in enumerate(card)) & 0xFFFFFFFFFF
    return f"{n:010X}"


class EmulatedRdm6300(PtyDevice):
    def __init__(self, *, repeat_s: float = 0.1, link_dir: str | os.PathLike | None = None) -> None:
        super().__init__("rdm6300", link_dir)
        self.repeat_s = repeat_s
        self.uid: str | None = None  # the tag in the field
        self.frames_sent = 0

    def _power_on(self) -> None:
        self.port = plug_pty(self.path)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="emulated-rdm6300", daemon=True)
        self._thread.start()

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
