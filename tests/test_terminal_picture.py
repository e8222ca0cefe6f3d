"""The README's picture of a game in progress is today's terminal, and fits it."""

from __future__ import annotations

import xml.dom.minidom

from tests.support import terminal_picture

REDRAW = "the text board changed: run `make terminal-picture` and commit docs/img/terminal-demo.svg"


def test_the_committed_picture_is_what_the_demo_draws_today():
    assert terminal_picture.SVG.read_text() == terminal_picture.svg(terminal_picture.screen()), REDRAW


def test_the_pictured_screen_fits_80x24_and_shows_a_game_in_progress():
    lines = terminal_picture.screen()
    assert len(lines) <= terminal_picture.ROWS and all(len(line) < terminal_picture.COLUMNS for line in lines)
    text = "\n".join(lines)
    assert "hand:" in text and "sent " in text and "Winner" not in text
    assert sum(line.lstrip().startswith(">") for line in lines) == 1  # one seat to play


def test_the_picture_is_well_formed_svg_with_every_line():
    doc = xml.dom.minidom.parseString(terminal_picture.SVG.read_text())
    texts = [" ".join(span.firstChild.data for span in t.getElementsByTagName("tspan"))
             for t in doc.getElementsByTagName("text")]
    assert [t.split() for t in texts] == [line.split() for line in terminal_picture.screen() if line.strip()]
