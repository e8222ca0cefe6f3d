"""Journal file names, and which journal is the newest game.

A name says when the game started and its number on this board, never anything of its seed
(the folder may be listed by others; the seed deals every hidden hand):
``game-YYYYMMDD-HHMMSS-nN.jsonl``, UTC, N one more than the highest number in the folder. The
number orders games even when the clock was wrong (a Pi without a real-time clock boots with the
time it last saved). Names from before numbers (``game-YYYYMMDD-HHMMSS-DDDDD[-k].jsonl``) are
still found, resumed and listed; they rank by their time stamp, older than any numbered one, as
do files of other names (by their last change).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from ..journal.writer import ABANDONED

SUFFIX = ".jsonl"
NUMBERED = re.compile(r"game-\d{8}-\d{6}-n(\d{1,9})\.jsonl")
STAMPED = re.compile(r"game-(\d{8}-\d{6})-")  # the time stamp of the names before numbers
STAMP = "%Y%m%d-%H%M%S"


def number(name: str) -> int | None:
    """The game's number on this board, from a journal's name (any suffix after .jsonl)."""
    m = NUMBERED.match(name)
    return int(m[1]) if m else None


def new_name(directory: Path, wall: datetime, at_least: int = 1) -> Path:
    """The name of the next game's journal (``at_least``: skip numbers already tried)."""
    taken = [n for p in directory.iterdir() if (n := number(p.name)) is not None] if directory.is_dir() else []
    n = max([at_least - 1, *taken]) + 1
    return directory / f"game-{wall.strftime(STAMP)}-n{n:04d}{SUFFIX}"


def age(path: Path) -> tuple:
    """Sorts journals oldest first: numbered ones by number, after every other."""
    n = number(path.name)
    if n is not None:
        return (1, n, 0.0)
    m = STAMPED.match(path.name)
    if m:
        try:
            return (0, 0, datetime.strptime(m[1], STAMP).replace(tzinfo=UTC).timestamp())
        except ValueError:
            pass
    try:
        return (0, 0, path.stat().st_mtime)
    except OSError:
        return (0, 0, 0.0)


def newest_first(directory: Path) -> list[Path]:
    """The games of ``directory``, newest first: in play or finished (``.jsonl``) and abandoned
    ones (an abandoned game is newer than anything before it). Set-aside journals do not count."""
    if not directory.is_dir():
        return []
    found = [p for pattern in (f"*{SUFFIX}", f"*{SUFFIX}{ABANDONED}") for p in directory.glob(pattern)
             if p.is_file()]
    return sorted(found, key=lambda p: (age(p), p.name), reverse=True)


def in_play(path: Path) -> bool:
    """Whether the board may go on with this journal (not abandoned or set aside)."""
    return path.name.endswith(SUFFIX)
