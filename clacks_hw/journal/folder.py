"""The journal folder: made for the board's user alone, and what is wrong when others can look
in (``clacks-hw doctor`` and the daemon's start-up log say so, with the fix).

A journal holds its game's seed, so every hidden hand; the files are 0600 (append_file.py) and
the folder 0700. The one shared arrangement is a set-group-ID folder (``chmod 2750``): files made
there are 0640 for that group, as docs/journal.md describes.
"""

from __future__ import annotations

import os
import shlex
import stat
from pathlib import Path

from .writer import ABANDONED, REFUSED

FOLDER_MODE = 0o700
# What the board keeps there: journals (also .abandoned, .refused), the card enrolment, the token.
KEPT = (".jsonl", ".jsonl" + ABANDONED, ".jsonl" + REFUSED)
KEPT_NAMES = ("cards.toml", "admin-token")


def make_folder(path) -> Path:
    """``path`` made (with any missing parents) readable by this user only; an existing folder is
    left as it is (``exposure`` says what is wrong with it)."""
    path = Path(path)
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    return path


def _kept(name: str) -> bool:
    return name in KEPT_NAMES or name.endswith(KEPT)


def exposure(path, shown: str | None = None) -> list[tuple[str, str]]:
    """(problem, fix) for each way others can read or change what the folder keeps; [] when only
    its owner (and, in a set-group-ID folder, its group) can. ``shown``: the folder's name in
    the sentences (default ``path``)."""
    real = Path(path)
    path = Path(shown) if shown is not None else real
    mode = stat.S_IMODE(os.stat(real).st_mode)
    shared = bool(mode & stat.S_ISGID)
    fix_folder = (f"chmod 700 {path} (or, to let one group read the journals: chgrp GROUP {path} && "
                  f"chmod 2750 {path}; docs/journal.md)")
    out = []
    if mode & 0o022:
        who = "every user" if mode & 0o002 else "its group"
        out.append((f"{path} is mode {mode:04o}: {who} can add, rename or delete its files "
                    "(a planted journal or link)", fix_folder))
    if mode & 0o005 or (mode & 0o050 and not shared):
        who = "every user" if mode & 0o005 else "its group"
        out.append((f"{path} is mode {mode:04o}: {who} can look in, and open any journal that is "
                    "readable (a journal holds the game's seed, so every hidden hand)", fix_folder))
    readable = 0o044 if not shared else 0o004
    loose = []
    for entry in os.scandir(real):
        try:
            if _kept(entry.name) and entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mode & readable:
                loose.append(entry.name)
        except OSError:
            continue
    if loose:
        loose.sort()
        names = ", ".join(loose[:3]) + (f" and {len(loose) - 3} more" if len(loose) > 3 else "")
        who = "o" if shared else "go"
        fix = (f"chmod {who}-rwx " + " ".join(shlex.quote(str(path / n)) for n in loose) if len(loose) <= 5 else
               f"find {shlex.quote(str(path))} -maxdepth 1 -type f -exec chmod {who}-rwx {{}} +")
        out.append((f"{len(loose)} file(s) in {path} can be read by others: {names} (written by an older "
                    "version, or copied in)", f"{fix} (the board makes its files {'0640' if shared else '0600'})"))
    return out
