"""Grams and hours come from PrusaSlicer run with the committed profile, which board.toml feeds."""

import hashlib
import json
import re
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError, load_hardware
from clacks_hw.hardware.parts_md import totals
from clacks_hw.hardware.slicing import duration_s, gcode_figures, profile_ini, slice_stl

from ..support.tools import require_tool
from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]


def _ini(text):
    return dict(ln.split(" = ", 1) for ln in text.splitlines() if " = " in ln and not ln.startswith("#"))


def test_board_toml_print_values_feed_the_profile():
    ini = _ini(profile_ini(load_hardware(**{"print.infill": 0.35, "print.layer": 0.28, "print.perimeters": 4})))
    assert ini["fill_density"] == "35%" and ini["layer_height"] == "0.28" and ini["perimeters"] == "4"
    assert ini["bed_shape"] == "0x0,220x0,220x220,0x220" and ini["support_material"] == "0"
    assert ini["filament_type"] == "PLA" and ini["nozzle_diameter"] == "0.4" and ini["printer_model"] == "ENDER3"


def test_walls_thinner_than_the_minimum_are_refused():
    with pytest.raises(HardwareError, match="print.perimeters = 2 makes 0.88 mm walls, under print.min_wall = 1.2"):
        profile_ini(load_hardware(**{"print.perimeters": 2}))


def test_the_figures_are_read_from_prusaslicers_comments():
    tail = ("; filament used [mm] = 1176.01\n; filament used [cm3] = 2.83\n; filament used [g] = 3.51\n"
            "; total filament used [g] = 3.51\n; estimated printing time (normal mode) = 1d 2h 20m 36s\n")
    assert gcode_figures("G1 X1\n" + tail) == {"grams": 3.51, "seconds": 94836, "filament_m": 1.18}
    assert duration_s("20m 36s") == 1236
    with pytest.raises(HardwareError, match="no 'filament used'"):
        gcode_figures("G1 X1\n")


def test_the_manifest_holds_prusaslicers_figures_for_the_committed_stls_and_profile():
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    profile = (ROOT / "enclosure/print_profile.ini").read_bytes()
    assert manifest["print_profile.ini"]["sha256"] == hashlib.sha256(profile).hexdigest()
    printed = {k: v for k, v in manifest.items() if v.get("printed")}
    assert printed and all(not v.get("bought") for v in printed.values())
    for name, e in printed.items():
        assert e["stl_sha256"] == hashlib.sha256((ROOT / f"enclosure/stl/{name}.stl").read_bytes()).hexdigest(), name
        assert e["grams"] > 0 and e["seconds"] > 0 and e["filament_m"] > 0
        assert "print_min_estimate" not in e  # no volume guesses


def test_slicing_the_smallest_part_gives_the_manifests_figures(monkeypatch):
    require_tool("prusa-slicer", "prusa-slicer")
    monkeypatch.setenv("CLACKS_HW_CACHE", "off")  # PrusaSlicer itself, not what an earlier build kept
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    name = min((k for k, v in manifest.items() if v.get("printed")), key=lambda k: manifest[k]["volume_cm3"])
    figures, _ = slice_stl(ROOT / f"enclosure/stl/{name}.stl", ROOT / "enclosure/print_profile.ini")
    assert figures == {k: manifest[name][k] for k in ("grams", "seconds", "filament_m")}


def test_parts_md_states_the_slicers_totals():
    manifest = json.loads((ROOT / "enclosure/stl/manifest.json").read_text())
    ctx = make_context(ROOT)
    grams, seconds = totals(ctx.parts, manifest)
    text = (ROOT / "enclosure/parts.md").read_text()
    m = re.search(r"Printed parts in all: \*\*(\d+) g\*\* of PLA and \*\*(\d+) h (\d+) min\*\*", text)
    assert m and int(m.group(1)) == round(grams) and int(m.group(2)) * 60 + int(m.group(3)) == round(seconds / 60)
    assert "estimate" not in text.lower() and "PrusaSlicer 2.5" in text
    docs = (ROOT / "docs/hardware.md").read_text()
    assert f"**{m.group(1)} g of PLA and {m.group(2)} h {m.group(3)} min**" in docs, "docs/hardware.md's print total"
