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
