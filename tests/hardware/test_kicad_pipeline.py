"""The KiCad 9 steps every board goes through (pcb/build.py, kicad_cli.py): KiCad's version
checked, its reports counted, the Gerbers undated, the project's library tables, the code's
hash, and any board's design built, checked and plotted the same way."""

import json
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.pcb import kicad_cli
from clacks_hw.hardware.pcb.build import BOARDS, KICAD_PYTHON, code_fingerprint, run_kicad
from clacks_hw.hardware.pcb.kicad_lib import LIBRARY

from ..support.tools import unavailable

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "pcb"


def require_kicad9():
    """Skip (fail under CI) without KiCad 9's pcbnew and kicad-cli, naming the package."""
    fix = "install Debian's kicad package from bookworm-backports (`make system-deps` does it as root)"
    for what, cmd in (("pcbnew", [KICAD_PYTHON, "-c", "import pcbnew; print(pcbnew.Version())"]),
                      ("kicad-cli", [kicad_cli.KICAD_CLI, "version"])):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            found = r.stdout.strip() if r.returncode == 0 else ""
        except FileNotFoundError:
            found = ""
        if not found.startswith("9."):
            unavailable(f"KiCad 9's {what} is not installed (found: {found or 'none'})", fix)


def test_a_kicad_other_than_9_stops_the_build_naming_the_package_and_the_fix(tmp_path, monkeypatch):
    fake = tmp_path / "kicad-cli"
    fake.write_text("#!/bin/sh\necho 6.0.11\n")
    fake.chmod(0o755)
    monkeypatch.setattr(kicad_cli, "KICAD_CLI", str(fake))
    with pytest.raises(HardwareError, match="KiCad 9 and this is KiCad 6.0.11: install KiCad 9 from Debian's "
                                            "bookworm-backports.*kicad"):
        kicad_cli.version(tmp_path)
    monkeypatch.setattr(kicad_cli, "KICAD_CLI", str(tmp_path / "none"))
    with pytest.raises(HardwareError, match="not found: install KiCad 9"):
        kicad_cli.version(tmp_path)


def test_kicad_s_reports_are_counted_by_severity():
    drc = {"violations": [{"severity": "error"}, {"severity": "warning"}, {"severity": "warning"}],
           "unconnected_items": [{"severity": "error"}], "schematic_parity": []}
    erc = {"sheets": [{"violations": [{"severity": "warning"}]}, {"violations": []}]}
    c = kicad_cli.counts(drc, erc)
    assert c == {"errors": 1, "warnings": 2, "unconnected": 1, "parity": 0, "erc_errors": 0, "erc_warnings": 1}
    assert kicad_cli.failures(c) == "1 DRC error(s), 1 unconnected item(s)"
    assert kicad_cli.failures(dict.fromkeys(c, 0)) == ""


def test_a_gerber_loses_its_dates_and_nothing_else():
    plot = (b"G04 #@! TF.GenerationSoftware,KiCad,Pcbnew,9.0.8+1*\nG04 #@! TF.CreationDate,2026-12-02T01:41:58+00:00*\n"
            b"G04 Created by KiCad (PCBNEW 9.0.8+1) date 2026-12-02 01:41:58*\nX100Y200D01*\n")
    assert kicad_cli.undated(plot) == (b"G04 #@! TF.GenerationSoftware,KiCad,Pcbnew,9.0.8+1*\n"
                                       b"G04 Created by KiCad (PCBNEW 9.0.8+1)*\nX100Y200D01*\n")


def test_the_project_tables_name_every_shipped_footprint_library_and_each_boards_symbols():
    shipped = sorted(p.stem for p in LIBRARY.glob("*.pretty"))
    tables = kicad_cli.lib_tables(shipped, list(BOARDS), "${KIPRJMOD}/lib")
    assert '(lib (name "LED_SMD") (type "KiCad") (uri "${KIPRJMOD}/lib/LED_SMD.pretty")' in tables["fp-lib-table"]
    assert '(lib (name "clacks") (type "KiCad") (uri "${KIPRJMOD}/lib/clacks.pretty")' in tables["fp-lib-table"]
    assert '(uri "${KIPRJMOD}/mainboard.kicad_sym")' in tables["sym-lib-table"]
    assert tables["fp-lib-table"] == (PCB / "fp-lib-table").read_text().replace(
        "${KIPRJMOD}/../clacks_hw/hardware/pcb/footprints", "${KIPRJMOD}/lib")
    assert tables["sym-lib-table"] == (PCB / "sym-lib-table").read_text()
    for board in BOARDS:  # every footprint a board names is in the tables
        design = json.loads((PCB / f"{board}.design.json").read_text())
        assert set(kicad_cli.libraries_of(design)) <= set(shipped), board


def test_the_board_s_hash_ignores_comments_docstrings_and_import_order_but_not_code():
    a = '"""Doc."""\nimport b\nimport a\n\n\ndef f():\n    """Says."""\n    return 1  # one\n'
    assert code_fingerprint(a) == code_fingerprint('import a\nimport b\ndef f():\n    return 1\n')
    assert code_fingerprint(a) != code_fingerprint('import a\nimport b\ndef f():\n    return 2\n')


def test_any_board_s_design_goes_through_the_same_kicad_steps(tmp_path):
    """Not only the circuit board: a two-resistor board of another name is built, checked and plotted."""
    require_kicad9()
    from clacks_hw.hardware.pcb.design import RULES
    from clacks_hw.hardware.pcb.schematic import no_connect_nets, schematic, symbol_ids, symbol_library
    fp = "Resistor_SMD:R_0603_1608Metric"
    parts = [SimpleNamespace(ref=r, footprint=fp, value=v, pads={"1": "A", "2": ""}) for r, v in (("R1", "1k"), ("R2", "2k2"))]
    ids, nc = symbol_ids(parts), no_connect_nets(parts, {})
    design = {"name": "tiny", "library": "footprints", "size": [30, 20], "corner_radius": 1.0, "rules": RULES,
              "zone_margin": 0.3, "zones": [], "texts": [{"text": "tiny", "at": [20, 17], "size": 1.2}],
              "parts": [{"ref": p.ref, "footprint": fp, "value": p.value, "at": [5, 5 + 7 * k, 0],
                         "pads": {**p.pads, **nc.get(p.ref, {})}, "symbol": ids[p.ref]} for k, p in enumerate(parts)],
              "tracks": [["A", 0, [4.175, 5], [4.175, 12], 0.3]], "vias": []}
    sch = {"tiny.kicad_sch": schematic(parts, {}, "tiny", "tiny", "tiny"), "tiny.kicad_sym": symbol_library(parts, {}, "tiny")}
    result = run_kicad(design, tmp_path, sch, render=False)
    assert result["counts"] == dict.fromkeys(result["counts"], 0)
    assert sorted(result["files"]) == ["tiny-bom.csv", "tiny-gerbers.zip", "tiny-pos.csv", "tiny.kicad_pcb",
                                       "tiny.kicad_pro"]
    assert b'"R2","2k2"' in result["files"]["tiny-pos.csv"]
    del design["tracks"][0]  # R1 and R2 no longer joined: DRC finds the open net
    assert run_kicad(design, tmp_path / "open", sch, render=False)["counts"]["unconnected"] == 1
