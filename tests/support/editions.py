"""An owner's edition for a test: a copy of the default one, edited in place."""

from __future__ import annotations

import shutil
from pathlib import Path

from clacks_hw.game.clacks.edition_files import default_edition_path


def copy_default_edition(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(default_edition_path(), folder)
    return folder


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` (which must be there) with `new` in an edition file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
