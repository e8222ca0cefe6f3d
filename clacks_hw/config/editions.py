"""The config's [editions]: the owner's own edition of a game's box (one key per game whose box
can be typed in, named by the game: ``editions.guards``), read by the game's own reader
(``GameBox.open_edition``) when the config is loaded, so a missing or broken file stops the
daemon before it starts, naming the key, the card and the field."""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from pathlib import Path

from ..base.errors import ClacksError
from ..game.core.editions import Editions
from ..game.core.registry import boxes
from .errors import ConfigError, ConfigProblem


def _missing(key: str, path: str) -> ConfigProblem | None:
    """The problem of a path that names nothing, with the close match in its folder if any."""
    where = Path(path)
    if where.exists():
        return None
    try:
        names = sorted(os.listdir(where.parent))
    except OSError:
        return ConfigProblem(key, f"{path}: no such file (nor its folder {where.parent})",
                             "give the full path of the edition file you typed in from your box")
    close = difflib.get_close_matches(where.name, names, n=1)
    fix = (f"did you mean {where.parent / close[0]}?" if close
           else f"give the full path of the edition file (the folder holds {', '.join(names[:6]) or 'nothing'})")
    return ConfigProblem(key, f"{path}: no such file", fix)


def _read(name: str, path: str):
    """The edition at ``path`` for game box ``name``, or the ConfigProblem saying what is wrong."""
    box, key = boxes()[name], f"editions.{name}"
    missing = _missing(key, path)
    if missing is not None:
        return missing
    shipped = "the made-up demo edition" if getattr(box.edition(), "made_up", False) else "the edition"
    revert = f'or set {key} = "" to play {shipped} {box.title} ships'
    try:
        return box.open_edition(path)
    except ClacksError as exc:
        found = getattr(exc, "problems", None)  # an edition's reader lists (card and field, why) pairs
        if found and all(isinstance(p, tuple) and len(p) == 2 for p in found):
            said = "; ".join(f"{where}: {why}" for where, why in found)
            return ConfigProblem(key, f"{path} is no valid {box.title} edition: {said}",
                                 f"correct each card and field named (clacks-hw edition check {path}), {revert}")
        return ConfigProblem(key, f"{path}: {exc}", f"correct the file, {revert}")
    except (OSError, ValueError) as exc:  # a reader of a plugin's game that raises its own way
        return ConfigProblem(key, f"{path} cannot be read as a {box.title} edition: {exc}", f"correct the file, {revert}")


def _read_all(paths: Mapping[str, str]) -> tuple[dict, list[ConfigProblem]]:
    owners, problems = {}, []
    for name, path in paths.items():
        if not path:
            continue
        got = _read(name, path)
        if isinstance(got, ConfigProblem):
            problems.append(got)
        else:
            owners[name] = got
    return owners, problems


def edition_problems(paths: Mapping[str, str]) -> list[ConfigProblem]:
    """What is wrong with each owner's edition ``paths`` names (box name -> path; "": none)."""
    return _read_all(paths)[1]


def open_editions(config) -> Editions:
    """The editions a loaded config names, read (again: the file may have changed since the
    config was checked); a ConfigError naming the key when one is now missing or broken."""
    paths = dict(config.editions)
    owners, problems = _read_all(paths)
    if problems:
        raise ConfigError(config.source, problems)
    return Editions(owners, {name: path for name, path in paths.items() if path})
