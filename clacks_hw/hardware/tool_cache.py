"""What the outside tools made (OpenSCAD's STL, DXF and PNG), kept by the hash
of everything that went in, the tool's version included: a build runs a tool only on what changed.

The cache lives in $CLACKS_HW_CACHE, else $XDG_CACHE_HOME/clacks-hw, else ~/.cache/clacks-hw;
CLACKS_HW_CACHE=off turns it off. A lost or unwritable cache only costs time.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .data import HardwareError


def exe(command: str, package: str, why: str = "") -> str:
    """The path of a Debian tool, or a HardwareError naming the package that provides it."""
    path = shutil.which(command)
    if path is None:
        raise HardwareError(f"{command} is not installed{why}: install Debian's {package} package "
                            "(`make system-deps`), or run build-files with --no-render")
    return path


def cache_dir() -> Path | None:
    env = os.environ.get("CLACKS_HW_CACHE", "")
    if env.strip().lower() in ("off", "0", "no", "false"):
        return None
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "clacks-hw"


def key(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        b = p.encode("utf-8") if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "big") + b)  # length-prefixed: ("ab", "c") is not ("a", "bc")
    return h.hexdigest()


def get(kind: str, k: str) -> bytes | None:
    root = cache_dir()
    if root is None:
        return None
    try:
        return (root / kind / k).read_bytes()
    except OSError:
        return None


def put(kind: str, k: str, data: bytes) -> None:
    root = cache_dir()
    if root is None:
        return
    folder = root / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, folder / k)  # whole or not at all, even with two builds at once
    except OSError:
        pass


@functools.cache
def tool_version(exe: str) -> str:
    """The first line `exe --version` prints that is not a log line (OpenSCAD writes it on
    stderr; a tool may print a trace line before it)."""
    try:
        r = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = [ln.strip() for ln in (r.stdout + "\n" + r.stderr).splitlines() if ln.strip() and not ln.startswith("[")]
    return lines[0] if lines else "unknown"
