"""OpenSCAD, headless: every run kept in the tool cache by the hash of its source, so a build
runs only what changed (the laser-cut case's cut files and pictures)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from . import tool_cache
from .data import HardwareError


def openscad_exe() -> str:
    return tool_cache.exe("openscad", "openscad")


def openscad(src, dst, args=(), wrap=()) -> None:
    """``openscad -o dst src``; any WARNING or ERROR it prints fails the build, naming the file."""
    r = subprocess.run([*wrap, openscad_exe(), *args, "-o", str(dst), str(src)], capture_output=True, text=True,
                       timeout=600)
    bad = [ln for ln in r.stderr.splitlines() if "WARNING" in ln or "ERROR" in ln]
    if r.returncode or bad:
        raise HardwareError(f"OpenSCAD failed on {src}: {'; '.join(bad) or r.stderr.strip()[-300:]}")


def cached_openscad(kind: str, src: Path, dst: Path, args=(), wrap=(), inputs=(), key_text: str | None = None) -> bool:
    """Render src to dst unless the cache has it (keyed by OpenSCAD's version, the source, or
    ``key_text`` standing for it, the arguments and the bytes of every file it imports); True
    when it came from the cache."""
    k = tool_cache.key(tool_cache.tool_version(openscad_exe()), kind, *args,
                       src.read_bytes() if key_text is None else key_text, *(Path(i).read_bytes() for i in inputs))
    hit = tool_cache.get(kind, k)
    if hit is not None:
        dst.write_bytes(hit)
        return True
    openscad(src, dst, args, wrap)
    data = dst.read_bytes()
    if not data:  # OpenSCAD without an X server leaves an empty PNG and says nothing
        raise HardwareError(f"OpenSCAD wrote an empty {dst.name} from {src.name}")
    tool_cache.put(kind, k, data)
    return False


def xvfb_run() -> list:
    """The command that lends OpenSCAD an X server, which it needs to draw a PNG."""
    tool_cache.exe("xauth", "xauth", " (xvfb-run needs it)")
    return [tool_cache.exe("xvfb-run", "xvfb", " (OpenSCAD needs an X server to draw a PNG)"), "-a",
            "-s", "-screen 0 1280x1024x24"]
