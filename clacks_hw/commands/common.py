"""Options and helpers shared by several subcommands."""

from __future__ import annotations

import click

BAD_CONFIG = 2  # exit status for a bad configuration, edition or input file


def edition_option(f):
    return click.option(
        "--edition", "edition_dir", type=click.Path(file_okay=False), default=None,
        help="Folder of an edition to use instead of the built-in default (see docs/edition.md).",
    )(f)


def load_edition_or_exit(edition_dir):
    from ..game.clacks.edition_files import EditionError, default_edition, load_edition  # not for commands without one

    try:
        return default_edition() if edition_dir is None else load_edition(edition_dir)
    except EditionError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG)


class LazyChoice(click.Choice):
    """A ``click.Choice`` whose choices are looked up only when a value is checked.

    The modes, variants and bots come from the game registry, which imports every game; a
    command's ``--help`` must not pay for that (start-up on a Pi Zero). Help shows ``metavar``;
    a wrong value is refused with the full list, exit 2, as a plain Choice would.
    """

    def __init__(self, load, metavar: str) -> None:
        self._load, self._metavar, self._choices = load, metavar, None
        self.case_sensitive = True

    @property
    def choices(self):
        if self._choices is None:
            self._choices = tuple(self._load())
        return self._choices

    def get_metavar(self, param, ctx=None) -> str:
        return self._metavar


def game_modes():
    from ..game.core.registry import modes

    return modes()


def game_variants():
    from ..game.core.registry import variants

    return sorted({v for vs in variants().values() for v in vs})
