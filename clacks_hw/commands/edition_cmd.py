"""`clacks-hw edition` and `clacks-hw alphabet-card`: check an edition, print its card."""

from __future__ import annotations

import click

from ..printing.alphabet_card import alphabet_svg
from ..base.secure_files import write_file
from . import COMMANDS
from .common import BAD_CONFIG, edition_option, load_edition_or_exit


@click.command("edition")
@edition_option
def edition_cmd(edition_dir):
    """Check an edition (the built-in one, or --edition DIR) and summarise it.

    Exits with status 2 and lists every problem (file, key path, reason) if it is broken.
    """
    e = load_edition_or_exit(edition_dir)
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


@click.command("alphabet-card")
@edition_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-", show_default=True,
              help="Where to write the SVG ('-' for standard output).")
def alphabet_card_cmd(edition_dir, output):
    """Write the printable Clacks Alphabet Card (SVG) for an edition."""
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
