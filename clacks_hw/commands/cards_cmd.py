"""`clacks-hw cards`: the edition's print-and-play cards as one PDF."""

from __future__ import annotations

import click

from . import COMMANDS
from .common import BAD_CONFIG, edition_option, load_edition_or_exit


@click.command("cards")
@click.option("--pdf", "pdf_path", required=True, type=click.Path(dir_okay=False, writable=True),
              help="Where to write the PDF.")
@edition_option
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Page size to print on.")
def cards_cmd(pdf_path, edition_dir, paper):
    """Write every card of an edition, at real size with cut marks, as a PDF to print.

    The 48 jacquards (hole pattern, cost, fault stamp), the Fault Report, Incident Report and
    Operator's Log cards, the Clacks word cards, the alphabet card and the lamp tiles' ON/OFF
    faces. A dashed circle marks where each card's NTAG sticker goes, with the card id that
    `clacks-hw enroll` asks for. Print at 100 % (actual size); each page has a 50 mm ruler to
    check. See docs/cards.md.
    """
    try:
        from ..printing.pdf import write_cards_pdf  # reportlab loads only for this command
    except ImportError as exc:
        click.echo(f"clacks-hw cards needs the reportlab library ({exc}).\n"
                   "  fix: pip install 'clacks-hw[print]'", err=True)
        raise SystemExit(1) from None
    from ..printing.textfit import PrintError

    edition = load_edition_or_exit(edition_dir)
    try:
        sheets = write_cards_pdf(edition, paper.lower(), pdf_path)
    except PrintError as exc:
        click.echo(f"cannot print the cards of {edition.name}: {exc}", err=True)
        raise SystemExit(BAD_CONFIG) from None
    except OSError as exc:
        click.echo(f"cannot write {pdf_path}: {exc.strerror or exc}\n"
                   "  fix: give --pdf a path in a folder that exists and that you may write to", err=True)
        raise SystemExit(BAD_CONFIG) from None
    click.echo(f"wrote {pdf_path}: {sheets.summary()}")


COMMANDS.append(cards_cmd)
