"""docs/shows.md's picture of a hall's broker is drawn from the access list `clacks-hw hall setup`
writes (drawn again with `make hall-picture` when it changes), and says what that list says."""

from __future__ import annotations

import subprocess

from tests.support import hall_network
from tests.support.tools import require_tool

REDRAW = "the access list or the topics changed: run `make hall-picture` and commit docs/img/hall-network.*"


def test_the_committed_picture_is_drawn_from_todays_access_list():
    assert hall_network.DOT.read_text() == hall_network.dot_source(), REDRAW
    svg = hall_network.SVG.read_text()
    assert hall_network.stamp(hall_network.DOT.read_text()) in svg.splitlines()[:3], REDRAW
    assert "hall-network.svg" in (hall_network.ROOT / "docs" / "shows.md").read_text()


def test_the_picture_says_what_the_access_list_says():
    edges = {line.strip() for line in hall_network.dot_source().splitlines() if "->" in line}
    writes = {e.split('"')[3] for e in edges if e.startswith('"each board" ->')}
    assert writes == {f"clacks/NAME/{k}" for k in ("status", "state", "alive", "result")}  # its own, nothing else
    reads = {e.split('"')[1] for e in edges if e.endswith('-> "each board" [style=dashed, color="#777777"];')}
    assert reads == {"clacks-hall/status", "clacks-hall/receipts/NAME"}
    hall_writes = {e.split('"')[3] for e in edges if e.startswith('"hall" ->')}
    assert all(t.startswith("clacks-hall/") for t in hall_writes)  # never under a board's name


def test_the_source_renders():
    dot = require_tool("dot", "graphviz")
    svg = subprocess.run([dot, "-Tsvg"], input=hall_network.DOT.read_text(), capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert "clacks/NAME/result" in svg and "the hall" in svg
