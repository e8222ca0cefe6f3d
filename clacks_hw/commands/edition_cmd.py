"""`clacks-hw edition` (check, new) and `clacks-hw alphabet-card`: check an edition, write a
template to fill in, print the alphabet card."""

from __future__ import annotations

from pathlib import Path

import click

from . import COMMANDS
from .common import BAD_CONFIG, edition_option, load_edition_or_exit


@click.group("edition", invoke_without_command=True)
@edition_option
@click.pass_context
def edition_cmd(ctx, edition_dir):
    """Check an edition (the built-in one, or --edition DIR) and summarise it.

    Exits with status 2 and lists every problem (file, key path, reason) if it is broken.
    `clacks-hw edition check PATH` checks a Clacks edition folder or a Guards! Guards! edition
    file; `clacks-hw edition new --game guards` writes a Guards! Guards! template to fill in.
    """
    if ctx.invoked_subcommand is not None:
        return
    _clacks_summary(load_edition_or_exit(edition_dir))


def _clacks_summary(e) -> None:
    click.echo(f"{e.name}  (fingerprint {e.fingerprint})")
    click.echo(f"  signals:   {len(e.signals)} ({' '.join(e.signals)})")
    click.echo(f"  jacquards: {len(e.jacquards)}, {sum(j.stamp for j in e.jacquards.values())} with a fault stamp")
    for shape in e.shapes.values():
        n = sum(1 for j in e.jacquards.values() if j.shape is shape)
        click.echo(f"    {shape.name:<9} cost {shape.cost}  {n} card(s)  {len(shape.placements)} placements")
    for deck in ("fault", "incident", "log"):
        click.echo(f"  {deck} cards: {len(e.deck(deck))}")
    click.echo(f"  words:     {len(e.words)}")
    click.echo("  start:     " + " ".join(
        "".join("#" if e.start >> (4 * r + c) & 1 else "." for c in range(4)) for r in range(4)))


def _guards_summary(e) -> None:
    from ..game.guards.edition import DECK_NAMES

    click.echo(f"{e.name}  (Guards! Guards!, fingerprint {e.fingerprint})"
               + ("  MADE UP: not the real box's values" if e.made_up else ""))
    for deck, label in DECK_NAMES.items():
        click.echo(f"  {label + ':':<18} {len(e.deck(deck))} volunteers, "
                   f"{sum(v.brethren for v in e.deck(deck))} of the Brethren")
    click.echo(f"  guild cards:       {len(e.guild_cards)}  dragons: {len(e.dragons)}  items: {len(e.items)}")
    click.echo("  challenges:        " + "  ".join(f"{k} {v}" for k, v in e.challenges.items()) + "  final 9")
    click.echo("  quadrants:         " + " ".join(e.quadrants) + " (clockwise from the north-west)")


@edition_cmd.command("check")
@click.argument("path", type=click.Path())
def check_cmd(path):
    """Check the edition at PATH: a Clacks edition folder, or a Guards! Guards! edition file.

    Lists every problem (the card and the field, and why) and exits with status 2 if there is any.
    """
    if Path(path).is_dir():
        _clacks_summary(load_edition_or_exit(path))
        return
    from ..game.guards.edition_files import GuardsEditionError, load_guards_edition

    try:
        edition = load_guards_edition(path)
    except GuardsEditionError as exc:
        click.echo(str(exc), err=True)
        raise SystemExit(BAD_CONFIG) from None
    _guards_summary(edition)
    click.echo(f"  to play it on the board, set in the config: [editions] guards = \"{Path(path).resolve()}\"")


@edition_cmd.command("new")
@click.option("--game", type=click.Choice(["guards"]), required=True,
              help="The game whose edition to start (a Clacks edition is a folder: copy the built-in one, "
                   "docs/edition.md).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-", show_default=True,
              help="Where to write it ('-' for standard output); an existing file is never overwritten.")
def new_cmd(game, output):
    """Write an edition template to fill in from the box, every value to copy marked "?"."""
    from ..game.guards.template import template

    text = template()
    if output == "-":
        click.echo(text, nl=False)
        return
    _write_new(output, text)
    click.echo(f"wrote {output}: replace every \"?\" with the value on your cards, then "
               f"`clacks-hw edition check {output}`")


def _write_new(output: str, text: str) -> None:
    import os

    try:
        fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except FileExistsError:
        click.echo(f"{output} exists already: nothing was written\n  fix: give -o a new file name", err=True)
        raise SystemExit(BAD_CONFIG) from None
    except OSError as exc:
        click.echo(f"cannot write {output}: {exc.strerror or exc}\n"
                   "  fix: give -o a path in a folder that exists and that you may write to", err=True)
        raise SystemExit(BAD_CONFIG) from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


@click.command("alphabet-card")
@edition_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-", show_default=True,
              help="Where to write the SVG ('-' for standard output).")
def alphabet_card_cmd(edition_dir, output):
    """Write the printable Clacks Alphabet Card (SVG) for an edition."""
    from ..printing.alphabet_card import alphabet_svg  # not at the top: `edition --help` stays quick
    from ..base.secure_files import write_file

    svg = alphabet_svg(load_edition_or_exit(edition_dir))
    if output == "-":
        click.echo(svg, nl=False)
        return
    try:
        write_file(output, svg, 0o644)  # never through a link, even run as root (secure_files.py)
    except OSError as exc:
        click.echo(f"cannot write {output}: {exc.strerror or exc}\n"
                   "  fix: give -o a path in a folder that exists and that you may write to", err=True)
        raise SystemExit(BAD_CONFIG) from None


COMMANDS.extend([edition_cmd, alphabet_card_cmd])
