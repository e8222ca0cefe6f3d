"""Opening the play page in the person's browser without the secret on a command line.

A browser started with the address would show the key to every user of this machine (``ps``).
Like `clacks-hw kiosk`, the browser is given a launcher page instead: a file only this user can
read (0600, in a fresh 0700 folder) that sends it on to the address with the key.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import webbrowser
from pathlib import Path

from ..commands.kiosk_cmd import write_launcher


def can_open() -> bool:
    """Is there a desktop to open a browser on? (Without one, Python's webbrowser would start a
    text browser in this very terminal.)"""
    if os.environ.get("BROWSER"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or os.uname().sysname == "Darwin"


class Launcher:
    """The launcher page for ``url``; :meth:`close` removes it (the browser has read it long before)."""

    def __init__(self, url: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="clacks-play-", dir=os.environ.get("XDG_RUNTIME_DIR") or None))
        self.path = write_launcher(self.folder, url)

    def open(self) -> bool:
        try:
            return webbrowser.open(self.path.as_uri(), new=2)
        except webbrowser.Error:
            return False

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
