"""docs/cards.md shows one of each printed card of the default edition (a jacquard, a Fault
Report, an Incident Report, an Operator's Log, a word card and a lamp tile), drawn by the very
faces the PDF is printed from, side by side: docs/img/cards-sample.svg, kept fresh here.

After the cards change, draw it again:

    CLACKS_WRITE_PICTURES=1 .venv/bin/python -m pytest tests/printing/test_cards_picture.py
"""

from __future__ import annotations

import os
import xml.dom.minidom

from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.printing.draw import row_svg
from clacks_hw.printing.faces import all_faces
from clacks_hw.printing.fonts import choose_fonts
from clacks_hw.printing.pdf import edition_texts
from clacks_hw.printing.sizes import load_sizes
from tests.support.imports import ROOT

PICTURE = ROOT / "docs" / "img" / "cards-sample.svg"
KINDS = ("jacquard", "fault", "incident", "log", "word", "lamp")


def sample():
    """The first face of each kind, in print order."""
    edition = default_edition()
    faces = all_faces(edition, load_sizes(), choose_fonts(edition_texts(edition)).width)
    return [next(f for f in faces if f.kind == kind) for kind in KINDS]


def test_the_cards_picture_is_todays_deck():
    faces = sample()
    picture = row_svg(faces)
    if os.environ.get("CLACKS_WRITE_PICTURES"):
        PICTURE.write_text(picture)
    assert PICTURE.read_text() == picture, (
        f"{PICTURE.name} is stale: CLACKS_WRITE_PICTURES=1 .venv/bin/python -m pytest {__file__}")
    doc = xml.dom.minidom.parseString(picture)  # well-formed, and every card in it
    texts = " ".join(t.firstChild.data for t in doc.getElementsByTagName("text") if t.firstChild)
    assert [f.kind for f in faces] == list(KINDS) and all(f.id in texts for f in faces if f.tag), texts
    assert "cards-sample.svg" in (ROOT / "docs" / "cards.md").read_text()
