"""The carrier PCB: made from the same circuit as the harness (the config's pins, the
firmware's), its committed files current, KiCad 9's own DRC (with the schematic's parity) and
ERC clean (they fail the build), and every file KiCad writes the same, byte for byte, when
built again."""

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.pcb import kicad_cli
from clacks_hw.hardware.pcb.build import (
    KICAD_PYTHON,
    code_fingerprint,
    fail_on_drc,
    project_files,
    report_text,
    run_kicad,
    source_digest,
)
from clacks_hw.hardware.pcb.circuit import carrier
from clacks_hw.hardware.pcb.kicad_lib import LIBRARY, parse
from clacks_hw.hardware.pcb.schematic import read_back

from ..support.tools import unavailable
from .conftest import make_context

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


def committed_schematic() -> dict:
    return {f: (PCB / f).read_text() for f in ("carrier.kicad_sch", "carrier.kicad_sym")}


def test_the_committed_board_was_built_from_today_s_circuit_and_placement():
    ctx = make_context(ROOT)
    manifest = json.loads((PCB / "manifest.json").read_text())
    assert manifest["source_sha256"] == source_digest(ctx.hw, ctx.cfg, ctx.lay), "run: make build-files"
    assert manifest["checks"] == {"errors": 0, "warnings": 0, "unconnected": 0, "parity": 0, "erc_errors": 0,
                                  "erc_warnings": 0}


def test_pcb_holds_the_boards_projects_and_no_file_an_older_build_left():
    made = set(project_files("carrier")) | {"manifest.json", "perfboard.svg"} | set(project_files("mainboard")) | {
        "mainboard-manifest.json"}
    assert {f.name for f in PCB.iterdir()} == made


def test_every_pad_of_the_board_is_on_the_net_the_pins_data_gives_it():
    c = carrier(make_context(ROOT).hw, make_context(ROOT).cfg)
    tree = parse((PCB / "carrier.kicad_pcb").read_text())
    found = {}
    for fp in (n for n in tree if isinstance(n, list) and n and n[0] == "footprint"):
        ref = next(x[2] for x in fp if isinstance(x, list) and x[0] == "property" and x[1] == "Reference")
        for pad in (x for x in fp if isinstance(x, list) and x[0] == "pad"):
            net = next((x[-1] for x in pad if isinstance(x, list) and x[0] == "net"), "")
            found.setdefault((ref, pad[1]), set()).add(net)
    for part in c.parts:
        for pad, net in part.pads.items():
            if net:
                assert found[(part.ref, pad)] == {net}, (part.ref, pad)
            else:  # a pin the schematic flags no-connect: on a net of its own, named as KiCad names it
                (alone,) = found[(part.ref, pad)]
                assert alone.startswith(f"unconnected-({part.ref}-") and alone.endswith(f"-Pad{pad})")
                assert [k for k, nets in found.items() if alone in nets] == [(part.ref, pad)]


def test_the_schematic_labels_every_pin_with_its_net():
    ctx = make_context(ROOT)
    c = carrier(ctx.hw, ctx.cfg)
    labels = read_back(c.parts, (PCB / "carrier.kicad_sch").read_text())
    assert labels and all(net == c.part(ref).pads.get(pad, "") for (ref, pad), net in labels.items())
    assert {ref for ref, _ in labels} == {p.ref for p in c.parts if p.pads}


def test_the_gerbers_are_zipped_the_way_board_houses_take_them():
    names = zipfile.ZipFile(PCB / "carrier-gerbers.zip").namelist()
    assert {n.rsplit(".", 1)[1] for n in names} == {"gtl", "gbl", "gts", "gbs", "gto", "gbo", "gm1", "drl"}
    assert "carrier-PTH.drl" in names and "carrier-NPTH.drl" in names
    assert (PCB / "carrier.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_kicad_9_rebuilds_every_committed_file_byte_for_byte_and_its_checks_pass(tmp_path):
    require_kicad9()
    design = json.loads((PCB / "carrier.design.json").read_text())
    good = run_kicad(design, tmp_path / "good", committed_schematic())
    made_by = json.loads((PCB / "carrier-drc.json").read_text())["kicad_version"]
    assert good["drc"]["kicad_version"] == made_by, \
        f"pcb/ was made by KiCad {made_by}, this is {good['drc']['kicad_version']}: run make build-files and commit pcb/"
    assert good["counts"] == {"errors": 0, "warnings": 0, "unconnected": 0, "parity": 0, "erc_errors": 0,
                              "erc_warnings": 0}
    fail_on_drc("carrier", good)
    # Built again from the committed design, at another time in another folder, KiCad writes the
    # committed board, project, Gerbers and drills, placement, BOM and 3D picture byte for byte.
    assert sorted(good["files"]) == sorted(["carrier.kicad_pcb", "carrier.kicad_pro", "carrier-gerbers.zip",
                                            "carrier-pos.csv", "carrier-bom.csv", "carrier-3d.png"])
    for name, data in good["files"].items():
        assert data == (PCB / name).read_bytes(), f"{name} differs when built again"
    assert report_text(good["drc"]) == (PCB / "carrier-drc.json").read_text()
    assert report_text(good["erc"]) == (PCB / "carrier-erc.json").read_text()
    # the saved board has its zones filled, as kicad-cli's DRC and plots need
    assert b"(filled_polygon" in good["files"]["carrier.kicad_pcb"]
    # the project carries the design rules DRC used, for a maker opening it in KiCad 9
    rules = json.loads(good["files"]["carrier.kicad_pro"])["board"]["design_settings"]["rules"]
    assert rules["min_clearance"] == design["rules"]["clearance"]
    assert rules["min_track_width"] == design["rules"]["track_min"]
    assert rules["min_copper_edge_clearance"] == design["rules"]["edge"]
    assert rules["min_through_hole_diameter"] == 0.3 and rules["min_via_annular_width"] == 0.13


def test_kicad_s_checks_fail_a_broken_board_and_schematic(tmp_path):
    require_kicad9()
    design = json.loads((PCB / "carrier.design.json").read_text())
    at = next(p for p in design["parts"] if p["ref"] == "R1")["at"]
    next(p for p in design["parts"] if p["ref"] == "R5")["at"] = list(at)  # R5 dropped onto R1
    sch = committed_schematic()
    # two outputs driving one net (an ERC error), and a pin labelled with another net (parity)
    sch = {f: t.replace("(pin passive", "(pin output") for f, t in sch.items()}
    sch["carrier.kicad_sch"] = sch["carrier.kicad_sch"].replace('(global_label "DATA_SPI"', '(global_label "NO_SUCH"', 1)
    bad = run_kicad(design, tmp_path / "bad", sch, render=False)
    assert bad["counts"]["errors"] > 0 and bad["counts"]["parity"] > 0 and bad["counts"]["erc_errors"] > 0
    with pytest.raises(HardwareError, match="KiCad's checks fail the carrier: .*DRC error.*parity.*ERC error"):
        fail_on_drc("carrier", bad)


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
    tables = kicad_cli.lib_tables(shipped, ["carrier", "mainboard"], "${KIPRJMOD}/lib")
    assert '(lib (name "Connector_JST") (type "KiCad") (uri "${KIPRJMOD}/lib/Connector_JST.pretty")' in tables["fp-lib-table"]
    assert '(lib (name "clacks") (type "KiCad") (uri "${KIPRJMOD}/lib/clacks.pretty")' in tables["fp-lib-table"]
    assert '(uri "${KIPRJMOD}/carrier.kicad_sym")' in tables["sym-lib-table"]
    assert '(uri "${KIPRJMOD}/mainboard.kicad_sym")' in tables["sym-lib-table"]
    assert tables["fp-lib-table"] == (PCB / "fp-lib-table").read_text().replace(
        "${KIPRJMOD}/../clacks_hw/hardware/pcb/footprints", "${KIPRJMOD}/lib")
    assert tables["sym-lib-table"] == (PCB / "sym-lib-table").read_text()
    for board in ("carrier", "mainboard"):  # every footprint a board names is in the tables
        design = json.loads((PCB / f"{board}.design.json").read_text())
        assert set(kicad_cli.libraries_of(design)) <= set(shipped), board


def test_the_board_s_hash_ignores_comments_docstrings_and_import_order_but_not_code():
    a = '"""Doc."""\nimport b\nimport a\n\n\ndef f():\n    """Says."""\n    return 1  # one\n'
    assert code_fingerprint(a) == code_fingerprint('import a\nimport b\ndef f():\n    return 1\n')
    assert code_fingerprint(a) != code_fingerprint('import a\nimport b\ndef f():\n    return 2\n')


def test_any_board_s_design_goes_through_the_same_kicad_steps(tmp_path):
    """Not only the carrier: a two-resistor board of another name is built, checked and plotted."""
    require_kicad9()
    from clacks_hw.hardware.pcb.circuit import Part
    from clacks_hw.hardware.pcb.design import RULES
    from clacks_hw.hardware.pcb.schematic import no_connect_nets, schematic, symbol_ids, symbol_library
    fp = "Resistor_THT:R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal"
    parts = [Part("R1", fp, "1k", "", "", {"1": "A", "2": ""}), Part("R2", fp, "2k2", "", "", {"1": "A", "2": ""})]
    ids, nc = symbol_ids(parts), no_connect_nets(parts, {})
    design = {"name": "tiny", "library": "footprints", "size": [30, 20], "corner_radius": 1.0, "rules": RULES,
              "zone_margin": 0.3, "zones": [], "texts": [{"text": "tiny", "at": [20, 17], "size": 1.2}],
              "parts": [{"ref": p.ref, "footprint": fp, "value": p.value, "at": [5, 5 + 7 * k, 0],
                         "pads": {**p.pads, **nc.get(p.ref, {})}, "symbol": ids[p.ref]} for k, p in enumerate(parts)],
              "tracks": [["A", 0, [5, 5], [5, 12], 0.3]], "vias": []}
    sch = {"tiny.kicad_sch": schematic(parts, {}, "tiny", "tiny", "tiny"), "tiny.kicad_sym": symbol_library(parts, {}, "tiny")}
    result = run_kicad(design, tmp_path, sch, render=False)
    assert result["counts"] == dict.fromkeys(result["counts"], 0)
    assert sorted(result["files"]) == ["tiny-bom.csv", "tiny-gerbers.zip", "tiny-pos.csv", "tiny.kicad_pcb",
                                       "tiny.kicad_pro"]
    assert b'"R2","2k2"' in result["files"]["tiny-pos.csv"]
    del design["tracks"][0]  # R1 and R2 no longer joined: DRC finds the open net
    assert run_kicad(design, tmp_path / "open", sch, render=False)["counts"]["unconnected"] == 1
