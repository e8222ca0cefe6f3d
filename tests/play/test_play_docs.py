"""docs/play.md shows every picture the play tests keep and lists every key the page knows."""

from __future__ import annotations

import re
from pathlib import Path

from clacks_hw.play.page_json import CARD_KEYS, REPORT_KEYS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "play.md").read_text()
PAGE = (ROOT / "clacks_hw" / "web" / "assets" / "play.js").read_text()
TESTS = "".join((ROOT / "tests" / "web" / f).read_text() for f in ("test_play_browser.py", "test_play_controls.py"))


def test_every_kept_picture_is_shown():
    kept = set(re.findall(r'"(play-[a-z-]+)"', TESTS))
    assert kept and {f"img/{k}.png" for k in kept} <= set(re.findall(r"img/play-[a-z-]+\.png", DOC))


def test_every_key_of_the_page_is_in_the_table():
    table = DOC.split("| Key | Does |")[1].split("\n\n")[0]
    for key in re.findall(r'"(.)": "(?:PREV|NEXT|TURN|PLAY|BACK)"', PAGE):
        assert f"`{key}`" in table or key == " ", key
    assert "| `1`..`6` | tower buttons R1..R6" in table
    for key in "qwerty" + CARD_KEYS + REPORT_KEYS + "!N?":
        assert f"`{key}`" in table, key
