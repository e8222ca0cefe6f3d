"""The carrier PCB: made from the same circuit as the harness (the config's pins, the
firmware's), its committed files current, and KiCad's own DRC clean (it fails the build)."""

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.pcb.build import (
    KICAD_PYTHON,
    code_fingerprint,
    drc_counts,
    fail_on_drc,
    run_kicad,
    source_digest,
    zip_gerbers,
)
from clacks_hw.hardware.pcb.circuit import carrier
from clacks_hw.hardware.pcb.kicad_lib import parse
from clacks_hw.hardware.pcb.schematic import read_back

from ..support.tools import unavailable
from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "pcb"


def require_pcbnew():
    r = subprocess.run([KICAD_PYTHON, "-c", "import pcbnew"], capture_output=True)
    if r.returncode:
        unavailable("KiCad's pcbnew is not installed", "install Debian's kicad and kicad-footprints packages "
                    "(`make system-deps` does it as root)")


def test_the_committed_board_was_built_from_today_s_circuit_and_placement():
    ctx = make_context(ROOT)
    manifest = json.loads((PCB / "manifest.json").read_text())
    assert manifest["source_sha256"] == source_digest(ctx.hw, ctx.cfg, ctx.lay), "run: make build-files"
    assert manifest["drc"] == {"errors": 0, "footprint_errors": 0, "unconnected": 0, "violations": 0, "warnings": 0}


def test_every_pad_of_the_board_is_on_the_net_the_pins_data_gives_it():
    c = carrier(make_context(ROOT).hw, make_context(ROOT).cfg)
    tree = parse((PCB / "carrier.kicad_pcb").read_text())
    found = {}
    for fp in (n for n in tree if isinstance(n, list) and n and n[0] == "footprint"):
        ref = next(x[2] for x in fp if isinstance(x, list) and x[0] == "fp_text" and x[1] == "reference")
        for pad in (x for x in fp if isinstance(x, list) and x[0] == "pad"):
            net = next((x[2] for x in pad if isinstance(x, list) and x[0] == "net"), "")
            found.setdefault((ref, pad[1]), set()).add(net)
    for part in c.parts:
        for pad, net in part.pads.items():
            assert found[(part.ref, pad)] == {net}, (part.ref, pad)


def test_the_schematic_labels_every_pin_with_its_net():
    ctx = make_context(ROOT)
    c = carrier(ctx.hw, ctx.cfg)
    labels = read_back(c, (PCB / "carrier.kicad_sch").read_text())
    assert labels and all(net == c.part(ref).pads.get(pad, "") for (ref, pad), net in labels.items())
    assert {ref for ref, _ in labels} == {p.ref for p in c.parts if p.pads}


def test_the_gerbers_are_zipped_the_way_board_houses_take_them():
    names = zipfile.ZipFile(PCB / "carrier-gerbers.zip").namelist()
    assert {n.rsplit(".", 1)[1] for n in names} == {"gtl", "gbl", "gts", "gbs", "gto", "gbo", "gm1", "drl"}
    assert "carrier-PTH.drl" in names and "carrier-NPTH.drl" in names
    assert (PCB / "carrier.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_kicad_s_drc_passes_the_committed_design_and_fails_a_broken_one(tmp_path):
    require_pcbnew()
    design = json.loads((PCB / "carrier.design.json").read_text())
    good = run_kicad(design, tmp_path / "good")
    assert good["errors"] == good["unconnected"] == good["footprint_errors"] == 0
    fail_on_drc(good, "")
    # built again from the committed design, KiCad writes the committed board and Gerbers byte for byte
    assert (tmp_path / "good/carrier.kicad_pcb").read_bytes() == (PCB / "carrier.kicad_pcb").read_bytes()
    assert zip_gerbers(tmp_path / "good/gerbers") == (PCB / "carrier-gerbers.zip").read_bytes()
    at = next(p for p in design["parts"] if p["ref"] == "R1")["at"]
    next(p for p in design["parts"] if p["ref"] == "R5")["at"] = list(at)  # R5 dropped onto R1
    bad = run_kicad(design, tmp_path / "bad")
    assert bad["errors"] > 0
    with pytest.raises(HardwareError, match="KiCad's DRC fails the carrier"):
        fail_on_drc(bad, (tmp_path / "bad" / "drc.txt").read_text())


def test_a_drc_report_is_read_by_severity():
    report = ("** Found 2 DRC violations **\n[clearance]: x\n    Rule: r; Severity: error\n[silk]: y\n"
              "    Rule: r; Severity: warning\n** Found 1 unconnected pads **\n** Found 0 Footprint errors **\n")
    assert drc_counts(report) == {"violations": 2, "unconnected": 1, "footprint_errors": 0, "errors": 1, "warnings": 1}
    with pytest.raises(HardwareError, match="no 'DRC violations' count"):
        drc_counts("garbage")


def test_the_board_s_hash_ignores_comments_docstrings_and_import_order_but_not_code():
    a = '"""Doc."""\nimport b\nimport a\n\n\ndef f():\n    """Says."""\n    return 1  # one\n'
    assert code_fingerprint(a) == code_fingerprint('import a\nimport b\ndef f():\n    return 1\n')
    assert code_fingerprint(a) != code_fingerprint('import a\nimport b\ndef f():\n    return 2\n')
