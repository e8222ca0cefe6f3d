"""The `clacks-hw` command: one entry point, a subcommand per job."""

from __future__ import annotations

import logging
import sys

import click

from . import __version__
from .commands import COMMANDS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="clacks-hw")
@click.option("-v", "--verbose", count=True, help="More log detail (-v info, -vv debug).")
def cli(verbose: int) -> None:
    """A lit Clacks board: rules engine, board daemon and tools.

    Run `clacks-hw COMMAND --help` for each command's options.
    """
    level = logging.WARNING - 10 * min(verbose, 2)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


for command in COMMANDS:
    cli.add_command(command)


def main() -> None:
    cli(prog_name="clacks-hw")
