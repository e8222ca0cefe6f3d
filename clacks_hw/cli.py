"""The `clacks-hw` command: one entry point, a subcommand per job (imported when it runs)."""

from __future__ import annotations

import click

from . import __version__
from .commands import HELP_ASKED, LazyGroup


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="clacks-hw")
@click.option("-v", "--verbose", count=True, help="More log detail (-v info, -vv debug).")
@click.pass_context
def cli(ctx: click.Context, verbose: int) -> None:
    """A lit Clacks board: rules engine, board daemon and tools.

    Run `clacks-hw COMMAND --help` for each command's options.
    """
    if ctx.meta.get(HELP_ASKED):
        return  # `clacks-hw COMMAND --help` prints and exits: no need to load logging (start-up)
    import logging  # here, not at the top: `clacks-hw --help` never needs it
    import sys

    level = logging.WARNING - 10 * min(verbose, 2)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


def main() -> None:
    cli(prog_name="clacks-hw")


if __name__ == "__main__":
    main()
