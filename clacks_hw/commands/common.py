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

    def convert(self, value, param, ctx):
        if self._load is game_modes and isinstance(value, str):
            from ..game.core.registry import canonical

            value = canonical(value)  # a mode's old name ("junior") still reads
        return super().convert(value, param, ctx)


def game_modes():
    from ..game.core.registry import modes

    return modes()


def game_variants():
    from ..game.core.registry import variants

    return sorted({v for vs in variants().values() for v in vs})


COMPUTER_HELP = ("Seats the computer plays, each with an optional strength: easy, normal (the default) "
                 "or strong; e.g. {examples}.")


def _computer_value(ctx, param, value):
    """--computer's value as seat -> strength (None: not given); a bad seat or strength is a usage
    error (exit 2) naming it."""
    if value is None:
        return None
    from ..game.core.computer import ComputerError, parse_computer

    try:
        return parse_computer(value)
    except ComputerError as exc:
        raise click.BadParameter(str(exc)) from None


def computer_option(examples: str):
    """``--computer SEATS`` (run, demo, play): seat -> strength, or None when not given. The
    ``examples`` are the command's own: seats outside its default seating would be refused."""
    return click.option("--computer", "computer", default=None, metavar="SEATS", callback=_computer_value,
                        help=COMPUTER_HELP.format(examples=examples))


def hints_option(f):
    """``--hints/--no-hints`` (run, play): True, False, or None to leave game.hints as configured."""
    return click.option("--hints/--no-hints", "hints", default=None,
                        help="Show a tapped card at its most useful place first, saying whether it sends "
                             "(default: game.hints, off in scored games).")(f)


def hints_overrides(hints: bool | None) -> dict:
    """The config key ``--hints``/``--no-hints`` sets (nothing when neither is given)."""
    return {} if hints is None else {"game.hints": "on" if hints else "off"}


def computer_overrides(computer: dict[str, str] | None) -> dict:
    """The config keys ``--computer`` sets (``load_config``'s overrides): the computer's seats,
    which must be among game.seats (the config check says so, naming the key, otherwise)."""
    if computer is None:
        return {}
    return {"game.computer": [f"{seat}:{strength}" for seat, strength in computer.items()]}
