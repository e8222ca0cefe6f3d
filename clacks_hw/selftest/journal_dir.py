"""The journal directory: there, and writable by this user (a file written, synced, removed)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from .report import FAIL, PASS, Report

PART = "journal"


def check(directory, report: Report) -> None:
    d = Path(directory)
    if not d.is_dir():
        report.add(PART, FAIL, f"{d} (journal.dir) does not exist",
                   f"create it for the daemon's user: sudo install -d -m 700 -o $USER {d} (clacks-hw install-service "
                   "sets this up)")
        return
    probe = d / f".selftest-{secrets.token_hex(6)}"  # not guessable: a name planted first would fail it
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            os.write(fd, b"selftest\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        probe.unlink()
    except OSError as exc:
        report.add(PART, FAIL, f"cannot write in {d}: {exc.strerror or exc}",
                   "give the daemon's user write access (sudo chown), or set journal.dir elsewhere")
        return
    report.add(PART, PASS, f"{d} is writable")
