"""The circuit board in KiCad 9: its committed project built from today's parts and places,
KiCad's DRC (with the schematic's parity) and ERC clean, every pad on the net the circuit gives
it, the unfitted control-key LEDs left out of the placement and BOM, and every file KiCad writes
the same, byte for byte, when built again."""

import csv
import io
import json
import zipfile
from pathlib import Path

from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.mainboard.circuit import build_board
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.mainboard.design import size
from clacks_hw.hardware.mainboard.kicad import MANIFEST, NAME, pin_names, sheet, source_digest
from clacks_hw.hardware.pcb.build import fail_on_drc, report_text, run_kicad
from clacks_hw.hardware.pcb.kicad_lib import parse
from clacks_hw.hardware.pcb.schematic import read_back

from .test_kicad_pipeline import require_kicad9

ROOT = Path(__file__).resolve().parents[2]
PCB = ROOT / "pcb"
BOARD = build_board(load_mainboard(), layout(load_hardware()))
CLEAN = {"errors": 0, "warnings": 0, "unconnected": 0, "parity": 0, "erc_errors": 0, "erc_warnings": 0}


def committed_schematic() -> dict:
    return {f: (PCB / f).read_text() for f in (f"{NAME}.kicad_sch", f"{NAME}.kicad_sym")}


def test_the_committed_board_was_built_from_today_s_parts_and_places():
    manifest = json.loads((PCB / MANIFEST).read_text())
    assert manifest["source_sha256"] == source_digest(BOARD), "run: make build-files"
    assert manifest["checks"] == CLEAN


def test_the_committed_schematic_is_today_s():
    assert committed_schematic() == sheet(BOARD), "run: make build-files"


def test_every_pad_of_the_board_is_on_the_net_the_circuit_gives_it():
    tree = parse((PCB / f"{NAME}.kicad_pcb").read_text())
    found, dnp = {}, set()
    for fp in (n for n in tree if isinstance(n, list) and n and n[0] == "footprint"):
        ref = next(x[2] for x in fp if isinstance(x, list) and x[0] == "property" and x[1] == "Reference")
        attrs = next((x for x in fp if isinstance(x, list) and x[0] == "attr"), [])
        if "dnp" in attrs:
            dnp.add(ref)
        for pad in (x for x in fp if isinstance(x, list) and x[0] == "pad"):
            net = next((x[-1] for x in pad if isinstance(x, list) and x[0] == "net"), "")
            found.setdefault((ref, pad[1]), set()).add(net)
    for part in BOARD.parts:
        for pad, net in part.pads.items():
            if net:
                assert found[(part.ref, pad)] == {net}, (part.ref, pad)
            else:  # flagged no-connect: a net of its own, named as KiCad names it
                (alone,) = found[(part.ref, pad)]
                assert alone.startswith(f"unconnected-({part.ref}-"), (part.ref, pad, alone)
    assert dnp == {p.ref for p in BOARD.parts if not p.fitted} and dnp, "the unfitted parts are DNP"


def test_the_schematic_labels_every_pin_with_its_net_and_names_it_by_its_datasheet():
    labels = read_back([p for p in BOARD.parts], (PCB / f"{NAME}.kicad_sch").read_text())
    assert labels and all(net == BOARD.part(ref).pads.get(pad, "") for (ref, pad), net in labels.items())
    assert pin_names(BOARD)["D1"] == {"1": "VDD", "2": "DOUT", "3": "GND", "4": "DIN"}


def test_the_board_house_gets_its_zip_and_the_maker_a_placement_without_the_unfitted_parts():
    names = zipfile.ZipFile(PCB / f"{NAME}-gerbers.zip").namelist()
    assert {n.rsplit(".", 1)[1] for n in names} == {"gtl", "gbl", "gts", "gbs", "gto", "gbo", "gm1", "drl"}
    assert f"{NAME}-NPTH.drl" in names  # the switch sockets' posts
    rows = list(csv.DictReader(io.StringIO((PCB / f"{NAME}-pos.csv").read_text())))
    placed = {r["Ref"] for r in rows}
    unfitted = {p.ref for p in BOARD.parts if not p.fitted}
    assert placed and not placed & unfitted
    copper_only = {p.ref for p in BOARD.parts if BOARD.data["kind"][p.kind].get("copper")}  # the solder jumper
    assert copper_only == {"JP1"} and {p.ref for p in BOARD.parts if p.fitted} - copper_only <= placed
    assert (PCB / f"{NAME}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_kicad_9_rebuilds_every_committed_file_byte_for_byte_and_its_checks_pass(tmp_path):
    require_kicad9()
    design = json.loads((PCB / f"{NAME}.design.json").read_text())
    good = run_kicad(design, tmp_path / "good", committed_schematic())
    assert good["counts"] == CLEAN
    fail_on_drc(NAME, good)
    assert sorted(good["files"]) == sorted([f"{NAME}.kicad_pcb", f"{NAME}.kicad_pro", f"{NAME}-gerbers.zip",
                                            f"{NAME}-pos.csv", f"{NAME}-bom.csv", f"{NAME}-3d.png"])
    for name, data in good["files"].items():
        assert data == (PCB / name).read_bytes(), f"{name} differs when built again"
    assert report_text(good["drc"]) == (PCB / f"{NAME}-drc.json").read_text()
    assert report_text(good["erc"]) == (PCB / f"{NAME}-erc.json").read_text()
    assert b"(filled_polygon" in good["files"][f"{NAME}.kicad_pcb"]


def test_the_assembly_services_placement_is_where_kicad_put_each_part():
    """bom/mainboard-jlc-cpl.csv (from the data) against KiCad's own placement file of the board
    the Gerbers come from: the same parts, the same places (KiCad's y runs up from the top edge)."""
    _, h = size(BOARD)
    kicad = {r["Ref"]: r for r in csv.DictReader(io.StringIO((PCB / f"{NAME}-pos.csv").read_text()))}
    jlc = list(csv.DictReader(io.StringIO((ROOT / "bom" / "mainboard-jlc-cpl.csv").read_text())))
    assert jlc and {r["Designator"] for r in jlc} <= set(kicad)
    for r in jlc:
        k = kicad[r["Designator"]]
        assert abs(float(r["Mid X"]) - float(k["PosX"])) < 0.01, r
        assert abs(float(r["Mid Y"]) - (h + float(k["PosY"]))) < 0.01, r
