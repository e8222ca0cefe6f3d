"""The Clacks Alphabet Card as SVG: a real size in millimetres, every signal as the edition has it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from click.testing import CliRunner

from clacks_hw.printing.alphabet_card import LAMP_OFF, LAMP_ON
from clacks_hw.cli import cli
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.printing.sizes import load_sizes

ED = default_edition()
NS = "{http://www.w3.org/2000/svg}"


def test_the_card_is_its_printed_size_in_millimetres(tmp_path):
    out = tmp_path / "alphabet.svg"
    result = CliRunner().invoke(cli, ["alphabet-card", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    width, height = load_sizes().alphabet
    assert (root.get("width"), root.get("height")) == (f"{width:g}mm", f"{height:g}mm")
    assert root.get("viewBox") == f"0 0 {width:g} {height:g}"  # one user unit is one millimetre
    for rect in root.iter(f"{NS}rect"):
        x, y = float(rect.get("x")), float(rect.get("y"))
        assert 0 <= x and x + float(rect.get("width")) <= width
        assert 0 <= y and y + float(rect.get("height")) <= height


def test_every_lamp_of_every_signal_is_drawn_on_or_off_as_the_edition_says(tmp_path):
    out = tmp_path / "alphabet.svg"
    CliRunner().invoke(cli, ["alphabet-card", "-o", str(out)])
    fills = {r.get("id"): r.get("fill") for r in ET.parse(out).getroot().iter(f"{NS}rect") if r.get("id")}
    assert len(fills) == 6 * len(ED.signals) == 6 * 28
    for name, bits in ED.signals.items():
        for k in range(6):
            assert fills[f"signal-{name}-{k}"] == (LAMP_ON if bits >> k & 1 else LAMP_OFF), (name, k)
