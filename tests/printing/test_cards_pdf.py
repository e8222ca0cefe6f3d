"""The default edition's print-and-play PDF, looked at as printed pages."""

from __future__ import annotations

import pytest

from clacks_hw.cards.enrolment import card_ids
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.printing.faces import COLOURS, STAMP, hole_centre
from clacks_hw.printing.pdf import SCALE_BAR, render, write_cards_pdf
from clacks_hw.printing.sheets import PAPERS
from tests.printing.conftest import blobs

ED = default_edition()
LAMP_ON, LAMP_OFF = "#f5b700", "#3a3a3a"


@pytest.fixture(scope="module")
def printed(tmp_path_factory, render_pages):
    """{paper: (pdf path, CardSheets, [page images])}"""
    out = {}
    for paper in PAPERS:
        path = tmp_path_factory.mktemp("cards") / f"cards-{paper}.pdf"
        sheets = write_cards_pdf(ED, paper, path)
        out[paper] = (path, sheets, render_pages(path))
    return out


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_page_is_the_paper_size(printed, paper):
    _, sheets, images = printed[paper]
    width, height = PAPERS[paper]
    assert len(images) == len(sheets.pages) > 10
    for image in images:
        assert abs(image.width - width / 25.4 * image.dpi) <= 1
        assert abs(image.height - height / 25.4 * image.dpi) <= 1


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_each_kind_of_card_is_printed_as_often_as_the_edition_has_it(printed, paper):
    _, _, images = printed[paper]
    colours = {kind: band for kind, (_, band) in COLOURS.items()} | {"on": LAMP_ON, "off": LAMP_OFF}
    seen = sum((blobs(image, colours, min_mm2=300) for image in images), start=blobs(images[0], {}, 1))
    assert dict(seen) == {"jacquard": 48, "fault": 12, "incident": 8, "log": 8, "word": 36, "on": 16, "off": 16}


def test_a_fault_stamp_on_exactly_the_stamped_jacquards(printed):
    _, sheets, images = printed["a4"]
    stamps: dict[int, int] = {}
    for p in sheets.placed:
        if p.face.kind == "jacquard":
            stamps[p.page] = stamps.get(p.page, 0) + ED.jacquards[p.face.id].stamp
    assert sum(stamps.values()) == 12
    for page, expected in stamps.items():
        assert blobs(images[page], {"stamp": STAMP}, 60)["stamp"] == expected


def test_each_jacquards_drawn_holes_are_its_shape(printed):
    for paper in PAPERS:
        _, sheets, images = printed[paper]
        jacquards = [p for p in sheets.placed if p.face.kind == "jacquard"]
        assert [p.face.id for p in jacquards] == list(ED.jacquards)
        for p in jacquards:
            holes = set(ED.jacquards[p.face.id].shape.holes)
            for row in range(4):
                for col in range(4):
                    x, y = hole_centre(row, col, p.face.width)
                    dark = images[p.page].darkness(p.x + x, p.y + y)
                    punched = (row, col) in holes
                    assert (dark > 0.8) if punched else (dark < 0.3), (paper, p.face.id, row, col, dark)


def test_every_card_the_board_reads_shows_its_sticker_spot_and_id(printed, pdf_text):
    text = pdf_text(printed["a4"][0])
    ids = card_ids(ED)
    assert text.count("NTAG sticker") == len(ids) == 48 + 28 + 36
    for card in ids:
        assert card in text
    assert text.count("The Clacks Alphabet") == 1
    for card in ED.cards.values():
        assert card.name in text


def test_the_ruler_on_each_page_is_50_mm_long(printed, render_pages):
    path, sheets, _ = printed["letter"]
    page, dpi = sheets.pages[0], 300
    left = round((page.x - 5) / 25.4 * dpi)  # a strip of the left margin, down the whole page
    image = render_pages(path, dpi=dpi, page=1, crop=(left, 0, round(4 / 25.4 * dpi), 4000))[0]
    x = image.px(page.x - 3) - left
    longest = run = 0
    for y in range(image.height):  # the longest unbroken dark run down the ruler's column
        dark = sum(image.rgb[3 * (y * image.width + x):][:3]) < 300
        run = run + 1 if dark else 0
        longest = max(longest, run)
    assert abs(longest / image.dpi * 25.4 - SCALE_BAR) < 0.3


def test_the_same_edition_gives_the_same_bytes():
    first, _ = render(ED, "a4")
    again, _ = render(ED, "a4")
    assert first == again and first.startswith(b"%PDF")
