"""KiCad 9 itself reads the committed schematic as a maker opens it (the project folder with its
symbol library and library tables): kicad-cli's ERC loads it and finds no error and no warning,
not even a missing library; a file KiCad cannot read is refused."""

import json
import shutil
from pathlib import Path

import pytest

from clacks_hw.hardware.data import HardwareError
from clacks_hw.hardware.pcb import kicad_cli

from .test_kicad_pipeline import require_kicad9

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("mainboard.kicad_sch", "mainboard.kicad_sym", "mainboard.kicad_pro", "sym-lib-table", "fp-lib-table")


def project_copy(folder: Path) -> Path:
    """The committed project in ``folder``, its footprint libraries where the tables find them."""
    (folder / "pcb").mkdir(parents=True)
    for f in PROJECT:
        shutil.copy(ROOT / "pcb" / f, folder / "pcb" / f)
    shutil.copytree(ROOT / "clacks_hw/hardware/pcb/footprints", folder / "clacks_hw/hardware/pcb/footprints")
    return folder / "pcb"


def test_kicad_s_erc_passes_the_committed_schematic_with_no_warning(tmp_path):
    require_kicad9()
    work = project_copy(tmp_path)
    report = kicad_cli.erc(work, "mainboard")
    assert [s["violations"] for s in report["sheets"]] == [[]]
    assert report == json.loads((ROOT / "pcb/mainboard-erc.json").read_text())


def test_erc_without_the_symbol_library_warns_of_it(tmp_path):
    require_kicad9()
    work = project_copy(tmp_path)
    (work / "sym-lib-table").unlink()
    found = [v["type"] for s in kicad_cli.erc(work, "mainboard")["sheets"] for v in s["violations"]]
    assert found and set(found) == {"lib_symbol_issues"}


def test_a_schematic_kicad_cannot_read_is_refused(tmp_path):
    require_kicad9()
    work = project_copy(tmp_path)
    sch = work / "mainboard.kicad_sch"
    sch.write_text(sch.read_text().replace("(pin passive line", "(pin no_such_type line"))
    with pytest.raises(HardwareError, match="kicad-cli sch erc mainboard.kicad_sch failed"):
        kicad_cli.erc(work, "mainboard")
