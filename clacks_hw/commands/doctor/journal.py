"""The journal folder: a journal holds its game's seed, so every hidden hand: nobody else may look in."""

from __future__ import annotations

from .check import OK, WARN


def check_journal(d) -> None:
    if d.config is None:
        return
    from ...journal.folder import exposure

    where = d.config.journal.dir
    if not d.sys.path(where).is_dir():
        d.add(OK, "journal", f"{where} does not exist yet; the board makes it for its own user only (0700)")
        return
    problems = exposure(d.sys.path(where), shown=where)
    for problem, fix in problems:
        d.add(WARN, "journal", problem, fix)
    if not problems:
        d.add(OK, "journal", f"{where}: only the board's user can look in")
