"""`clacks-hw cards` with an owner's own edition: their words, their texts (however odd)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.printing.faces import COLOURS
from clacks_hw.printing.fonts import DEJAVU
from tests.printing.conftest import blobs
from tests.support.editions import copy_default_edition, edit
from tests.support.tools import unavailable

# PDF string delimiters and escapes, markup, format codes, Czech and Greek letters (a control
# character such as a bell is refused when the edition loads: tests/test_edition_texts.py)
ODD = 'Tea & <b>biscuits</b> (100%) \\ "Ankh" {x} %s Čaj, ŘEŽ, Ελλάδα'


@pytest.fixture
def mine(tmp_path):
    return copy_default_edition(tmp_path)


def cards(*args):
    return CliRunner().invoke(cli, ["cards", *map(str, args)])


def test_an_owners_words_and_texts_are_printed_as_written(mine, tmp_path, render_pages, pdf_text):
    if not (DEJAVU / "DejaVuSans.ttf").exists():  # the font for letters beyond Western Europe's
        unavailable("DejaVu Sans is not installed", "install Debian's fonts-dejavu-core package "
                    "(`make system-deps` does it as root)")
    edit(mine / "words.toml", '"VIMES",', '"VIMES", "WONSE", "CARROTIRONFOUNDERSSON",')
    edit(mine / "cards.toml", '"Flip one lamp of your choice."', json.dumps(ODD, ensure_ascii=False))
    edit(mine / "cards.toml", 'name = "OVERLOAD"', 'name = "OVER<i>LOAD</i> & Co"')
    pdf = tmp_path / "mine.pdf"
    result = cards("--pdf", pdf, "--edition", mine, "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert "38 word cards" in result.output
    text = " ".join(pdf_text(pdf).split())
    assert ODD in text
    assert "OVER<i>LOAD</i> & Co" in text
    for word in ("W:WONSE", "W:CARROTIRONFOUNDERSSON"):
        assert word in text
    seen = sum((blobs(image, {"word": COLOURS["word"][1]}, 300) for image in render_pages(pdf)),
               start=blobs(render_pages(pdf, page=1)[0], {}, 1))
    assert seen["word"] == 38


def test_a_character_no_card_font_has_is_refused_by_name(mine, tmp_path):
    edit(mine / "cards.toml", '"Every lamp turns on."', '"Every lamp turns on. 電"')
    result = cards("--pdf", tmp_path / "x.pdf", "--edition", mine)
    assert result.exit_code == 2
    assert "cards.toml I03 text: '電'" in result.output and "fix:" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_text_too_long_for_its_card_is_refused_by_name(mine, tmp_path):
    edit(mine / "cards.toml", '"Every lamp turns off."', '"' + "Every lamp turns off. " * 40 + '"')
    result = cards("--pdf", tmp_path / "x.pdf", "--edition", mine)
    assert result.exit_code == 2
    assert "L06 (log card) text is too long to print" in result.output and "fix: shorten it" in result.output


def test_bad_paper_path_or_edition_exit_2_with_the_reason(tmp_path):
    result = cards("--pdf", tmp_path / "x.pdf", "--paper", "a3")
    assert result.exit_code == 2 and "'a3' is not one of" in result.output
    result = cards("--pdf", tmp_path / "no" / "x.pdf")
    assert result.exit_code == 2 and "cannot write" in result.output and "fix:" in result.output
    result = cards("--pdf", tmp_path / "x.pdf", "--edition", tmp_path / "none")
    assert result.exit_code == 2 and "no such folder" in result.output


def test_a_word_too_long_for_its_card_is_refused_by_name(mine, tmp_path):
    edit(mine / "words.toml", '"VIMES",', '"VIMES", "' + "AHMED" * 12 + '",')
    result = cards("--pdf", tmp_path / "x.pdf", "--edition", mine)
    assert result.exit_code == 2
    assert "words.toml: the word 'AHMEDAHMED" in result.output and "fix: shorten it" in result.output
