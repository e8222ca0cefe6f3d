"""`clacks-hw replay FILE --step` and `--at N`: a game's positions one action at a time.

Exit status as for the final position: 1 at a refused action (reported after the positions
before it), 2 for an unusable file or an N past the last action.
"""

from __future__ import annotations

import json
import sys

import click

from ..journal import JournalError, read_journal
from ..views.position_json import position_json
from ..views.replay_steps import Refused, steps
from ..views.text_board import render
from .common import BAD_CONFIG

REJECTED = 1


def show_steps(file, edition, *, check_edition, as_json, ascii_, view, step, at, fail) -> None:
    try:
        journal = read_journal(file)
        for warning in journal.warnings:
            click.echo(f"{file}: warning: {warning}", err=True)
        positions = steps(journal, edition, check_edition=check_edition)
        first = next(positions)
    except JournalError as exc:
        fail(file, exc, as_json)
    if at is not None and at > len(journal.entries):
        click.echo(f"{file}: --at {at}: the journal has {len(journal.entries)} action"
                   f"{'s' * (len(journal.entries) != 1)} (0 is the start)", err=True)
        raise SystemExit(BAD_CONFIG)
    pause = step and at is None and not as_json and sys.stdin.isatty() and sys.stdout.isatty()
    for item in _chain(first, positions):
        if isinstance(item, Refused):
            _refused(file, item, as_json)
        if at is not None and item.number != at:
            continue
        if as_json:
            entry = item.entry
            click.echo(json.dumps({"action": item.number, "line": entry.line if entry else None,
                                   "played": entry.action.to_json() if entry else None,
                                   "position": position_json(item.state, actions=item.number, view=view)}))
        else:
            head = (f"-- start of {file}" if item.entry is None else
                    f"-- action {item.number} (line {item.entry.line}): {item.entry.action}")
            click.echo(head)
            click.echo(render(item.state, ascii=ascii_, actions=item.number, view=view), nl=False)
        if at is not None:
            return
        if pause and item.number < len(journal.entries):
            answer = click.prompt("Enter: next action, q: stop", default="", show_default=False,
                                  prompt_suffix=" ")
            if answer.strip().lower().startswith("q"):
                return


def _chain(first, rest):
    yield first
    yield from rest


def _refused(file, item: Refused, as_json: bool) -> None:
    line = item.entry.line
    if as_json:
        click.echo(json.dumps({"rejected": {"line": line, **item.rejection.to_json()}}))
    else:
        click.echo(f"{file}:{line}: \"{item.entry.action}\" was refused ({item.rejection.code}): "
                   f"{item.rejection.message}")
    raise SystemExit(REJECTED)
