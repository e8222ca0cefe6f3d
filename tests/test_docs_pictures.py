"""The docs show what people look at, and every picture they show is one the project makes:
each picture named in README.md and docs/ exists, each doc about something people see (a
screen, a page, a part, a card, the hall) has one, and each is drawn by a test or a generator
that keeps it fresh (its name is in that code; the case's renders are in their manifest).
The Alphabet Card's picture is `clacks-hw alphabet-card`'s output today."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.imports import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
# Docs about something people look at: each shows it.
SEEN = ("README.md", "board.md", "play.md", "status-page.md", "klackers.md", "coop.md", "shows.md", "hardware.md",
        "first-hour.md", "edition.md", "architecture.md", "cards.md", "setup.md")
REDRAW = "the Alphabet Card changed: write it again with clacks-hw alphabet-card -o docs/img/alphabet-card.svg"


def pictures(doc: Path) -> list[Path]:
    return [(doc.parent / target).resolve() for target in IMAGE.findall(doc.read_text())]


def makers() -> str:
    """The source of every test and generator that draws a picture (this file aside)."""
    files = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "clacks_hw").rglob("*.py"), ROOT / "Makefile"]
    return "\n".join(f.read_text(errors="replace") for f in files if f.resolve() != Path(__file__).resolve())


def made_as(stem: str) -> re.Pattern:
    """How a maker writes the picture's name: "hall-16-boards-1920x1080" may be written
    f"hall-{n}-boards-{size}", the screen size may be added apart, and "terminal-race" may be
    f"terminal-{mode}" (a name ending in what the maker loops over)."""
    stem = re.sub(r"-\d+x\d+$", "", stem)
    parts = [re.escape(p) for p in re.split(r"\d+", stem)]
    ways = [r"(?:\d+|\{[^}]*\})".join(parts)]
    words = stem.split("-")
    ways += [re.escape("-".join(words[:k])) + r"-\{[^}]*\}" for k in range(1, len(words))]
    return re.compile("|".join(ways))


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_every_picture_named_exists(doc):
    for picture in pictures(doc):
        assert picture.is_file(), f"{doc.name} shows {picture}, which does not exist"


@pytest.mark.parametrize("name", SEEN)
def test_each_doc_about_what_people_see_shows_it(name):
    doc = ROOT / name if name == "README.md" else ROOT / "docs" / name
    assert pictures(doc), f"{name} describes something people look at but shows no picture of it"


def test_every_picture_is_made_by_the_project():
    code = makers()
    renders = set(json.loads((ROOT / "enclosure/laser/renders/manifest.json").read_text()))
    for doc in DOCS:
        for picture in pictures(doc):
            rel = picture.relative_to(ROOT)
            if rel.parts[:3] == ("enclosure", "laser", "renders"):
                assert rel.name in renders, f"{rel}: not in the renders' manifest"
            else:
                assert made_as(rel.stem).search(code), f"{doc.name} shows {rel}, which no test or generator makes"


def test_the_alphabet_card_picture_is_todays():
    from clacks_hw.game.clacks.edition_files import default_edition
    from clacks_hw.printing.alphabet_card import alphabet_svg

    assert (ROOT / "docs/img/alphabet-card.svg").read_text() == alphabet_svg(default_edition()), REDRAW
