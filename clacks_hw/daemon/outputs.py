"""LED backend wrappers the daemon adds: opening lazily (so a backend that cannot open yet is a
retried failure, not a crash) and a frame log (every frame shown, as JSON lines)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from ..drivers.frame import Frame
from ..base.secure_files import SafeDir


class LazyBackend:
    """Opens the real backend on the first show(), and again after a failed open."""

    def __init__(self, opener: Callable[[], object]) -> None:
        self.opener = opener
        self.backend = None

    def show(self, frame: Frame) -> None:
        if self.backend is None:
            self.backend = self.opener()
        self.backend.show(frame)

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()


def frame_hex(frame: Frame) -> list[str]:
    return ["%02x%02x%02x" % rgb for rgb in frame.pixels]


def frame_from_hex(pixels: list[str]) -> Frame:
    return Frame(tuple((int(p[0:2], 16), int(p[2:4], 16), int(p[4:6], 16)) for p in pixels))


class FrameLog:
    """Passes frames on to ``backend`` and appends each one to ``path`` (flushed): what the
    board showed, for tests and for diagnosing a board remotely."""

    def __init__(self, backend, path, clock) -> None:
        self.backend = backend
        self.clock = clock
        path = Path(path)
        # Never through a link, nor into a folder others control: the daemon may be root.
        with SafeDir.open(path.parent) as folder:
            fd = folder.open_file(path.name, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._fh = open(fd, "a", encoding="utf-8")  # noqa: SIM115 - held for the run

    def show(self, frame: Frame) -> None:
        self.backend.show(frame)
        self._fh.write(json.dumps({"t": round(self.clock.now(), 4), "pixels": frame_hex(frame)}) + "\n")
        self._fh.flush()

    def close(self) -> None:
        try:
            self.backend.close()
        finally:
            self._fh.close()


def read_frame_log(path) -> list[Frame]:
    out: list[Frame] = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                out.append(frame_from_hex(json.loads(line)["pixels"]))
            except (ValueError, KeyError):
                continue  # a line cut short by kill -9
    return out
