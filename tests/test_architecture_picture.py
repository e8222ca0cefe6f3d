"""docs/architecture.md's picture of the layers is the code's (drawn again with `make
architecture-picture` after a change of layout), and its walk of a tapped card names only
functions that exist."""

from __future__ import annotations

import importlib
import re
import subprocess

from tests.support import architecture
from tests.support.imports import ROOT, modules
from tests.support.tools import require_tool

DOC = ROOT / "docs" / "architecture.md"
REDRAW = "the layout changed: run `make architecture-picture` and commit docs/img/layers.*"


def test_the_committed_picture_source_is_drawn_from_todays_imports():
    assert architecture.DOT.read_text() == architecture.dot_source(), REDRAW


def test_the_committed_svg_was_drawn_from_that_source():
    svg = architecture.SVG.read_text()
    assert architecture.stamp(architecture.DOT.read_text()) in svg.splitlines()[:3], REDRAW
    for name, _, _ in architecture.LAYERS:
        assert f">{name}</text>" in svg, name


def test_the_source_renders_and_names_every_layer():
    dot = require_tool("dot", "graphviz")
    svg = subprocess.run([dot, "-Tsvg"], input=architecture.DOT.read_text(), capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert all(f">{name}</text>" in svg for name, _, _ in architecture.LAYERS)


def test_every_module_has_a_layer_and_every_layer_a_module():
    found = modules()
    layers = {architecture.layer_of(m) for m in found}
    assert layers == {name for name, _, _ in architecture.LAYERS}


def test_the_picture_changes_when_an_import_does(tmp_path):
    found = modules()
    before = architecture.arrows(found)
    found["clacks_hw.game.core.table"].imports.add("clacks_hw.daemon.loop")
    after = architecture.arrows(found)
    assert after[("game core", "daemon")] == before[("game core", "daemon")] + 1


def walked_names() -> list[str]:
    text = DOC.read_text()
    walk = text[text.index("## One tapped card"):]
    return re.findall(r"`(clacks_hw\.[A-Za-z_.]+)`", walk)


def resolve(dotted: str):
    """The object a dotted name stands for: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def test_the_walk_of_a_tapped_card_names_functions_that_exist():
    names = walked_names()
    assert len(names) >= 25  # the walk is there, step by step
    for name in names:
        obj = resolve(name)
        assert callable(obj), f"{name} in docs/architecture.md is no function or class"


def test_the_walk_goes_from_the_reader_through_the_engine_and_journal_to_the_leds():
    names = walked_names()
    order = [next(i for i, n in enumerate(names) if n.startswith(prefix)) for prefix in (
        "clacks_hw.drivers.card_reader", "clacks_hw.daemon.loop", "clacks_hw.game.core.engine",
        "clacks_hw.game.clacks.rules", "clacks_hw.journal.writer", "clacks_hw.daemon.renderer",
        "clacks_hw.drivers.leds")]
    assert order == sorted(order)
