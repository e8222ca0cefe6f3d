"""KiCad 9's own checks and outputs of a board, run with ``kicad-cli`` in the board's folder.

A board's folder holds NAME.kicad_pcb and NAME.kicad_pro (kicad_script.py writes them, zones
filled), NAME.kicad_sch and NAME.kicad_sym, and the project's library tables. From them:
KiCad's DRC with the schematic's parity, its ERC, and the files a board house and a maker take
(Gerbers and drills, placement, BOM, a 3D picture), each made byte-identical from one build to
the next: the dates KiCad writes into them are taken out.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import zipfile
from pathlib import Path

from ..data import HardwareError

KICAD_CLI = os.environ.get("CLACKS_KICAD_CLI", "kicad-cli")
VERSION = "9."  # the build is made for KiCad 9: other versions write other files
INSTALL = ("install KiCad 9 from Debian's bookworm-backports: `make system-deps` as root, or "
           "apt-get install -t bookworm-backports --no-install-recommends kicad")
GERBER_LAYERS = "F.Cu,B.Cu,F.Mask,B.Mask,F.SilkS,B.SilkS,Edge.Cuts"
# What a board house takes (JLCPCB, PCBWay): Protel extensions, Excellon drills, one zip.
FAB_EXTENSIONS = {"gtl", "gbl", "gts", "gbs", "gto", "gbo", "gm1", "drl"}
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the zip does not change when nothing in it did
RENDER_SIZE = (1600, 1000)
# Seen from the front at a slant, orthographic: KiCad 9's perspective render differs from run to run.
RENDER_VIEW = ["--quality", "basic", "--rotate", "-30,0,20"]


def cli(args: list, work: Path, timeout: int = 300) -> str:
    """kicad-cli's output for ``args`` run in ``work``, with a settings folder of its own there
    (the user's KiCad settings must not change what the build writes)."""
    home = work / ".kicad-home"
    home.mkdir(parents=True, exist_ok=True)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache")}
    try:
        r = subprocess.run([KICAD_CLI, *args], cwd=work, env=env, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise HardwareError(f"{KICAD_CLI} not found: {INSTALL}") from None
    if r.returncode:
        raise HardwareError(f"kicad-cli {' '.join(args[:3])} failed (exit {r.returncode}): "
                            f"{(r.stderr or r.stdout).strip()[-600:]}")
    return r.stdout


def version(work: Path) -> str:
    """The installed KiCad's version; a KiCad other than 9 stops the build, saying how to fix it."""
    v = cli(["version"], work).strip()
    if not v.startswith(VERSION):
        raise HardwareError(f"the board is built with KiCad 9 and this is KiCad {v}: {INSTALL}")
    return v


def lib_tables(libraries: list, boards: list, folder) -> dict:
    """fp-lib-table and sym-lib-table of a project folder: the footprint ``libraries`` (under
    ``folder``, as written) and each of the ``boards``' own symbol library."""
    fp = [f'  (lib (name "{n}") (type "KiCad") (uri "{folder}/{n}.pretty") (options "") (descr ""))'
          for n in sorted(set(libraries))]
    sym = [f'  (lib (name "{b}") (type "KiCad") (uri "${{KIPRJMOD}}/{b}.kicad_sym") (options "") '
           '(descr "the board\'s own symbols, one a part"))' for b in sorted(boards)]
    return {"fp-lib-table": "\n".join(["(fp_lib_table", "  (version 7)", *fp, ")"]) + "\n",
            "sym-lib-table": "\n".join(["(sym_lib_table", "  (version 7)", *sym, ")"]) + "\n"}


def libraries_of(design: dict) -> list:
    """The footprint libraries a design's parts come from."""
    return sorted({p["footprint"].split(":")[0] for p in design["parts"]})


def _report(work: Path, kind: str, args: list) -> dict:
    out = work / f"{kind}.json"
    cli([*args, "--format", "json", "--severity-all", "--units", "mm", "-o", out.name], work)
    report = json.loads(out.read_text(encoding="utf-8"))
    report.pop("date", None)  # the run's date: the same board gets the same report
    return report


def drc(work: Path, name: str) -> dict:
    """KiCad's DRC of the board, with the schematic's parity (every pad on its schematic net)."""
    return _report(work, "drc", ["pcb", "drc", "--schematic-parity", f"{name}.kicad_pcb"])


def erc(work: Path, name: str) -> dict:
    return _report(work, "erc", ["sch", "erc", f"{name}.kicad_sch"])


def counts(drc_report: dict, erc_report: dict) -> dict:
    """Errors and warnings by severity, unconnected items and parity issues apart."""
    def by(items, severity):
        return sum(1 for v in items if v["severity"] == severity)
    erc_items = [v for s in erc_report["sheets"] for v in s["violations"]]
    return {"errors": by(drc_report["violations"], "error"), "warnings": by(drc_report["violations"], "warning"),
            "unconnected": len(drc_report["unconnected_items"]), "parity": len(drc_report["schematic_parity"]),
            "erc_errors": by(erc_items, "error"), "erc_warnings": by(erc_items, "warning")}


def failures(c: dict) -> str:
    """What stops the build: any DRC or ERC error, unconnected item or parity issue ("" if none)."""
    said = [f"{c[k]} {what}" for k, what in (("errors", "DRC error(s)"), ("unconnected", "unconnected item(s)"),
                                                ("parity", "schematic parity issue(s)"), ("erc_errors", "ERC error(s)"))
            if c[k]]
    return ", ".join(said)


def undated(data: bytes) -> bytes:
    """A Gerber without the plot's date (its CreationDate attribute and the date in its first
    comment, both G04 comments a board house ignores), so the same board zips the same."""
    lines = [ln for ln in data.split(b"\n") if not ln.startswith(b"G04 #@! TF.CreationDate")]
    return b"\n".join(re.sub(rb"^(G04 Created by KiCad \(.*\)) date [0-9: -]+\*$", rb"\1*", ln) for ln in lines)


def zip_gerbers(folder: Path) -> bytes:
    """The board house's files of ``folder``, undated, in one zip with fixed dates."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(folder.iterdir()):
            if f.suffix[1:] not in FAB_EXTENSIONS:
                continue
            info = zipfile.ZipInfo(f.name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, undated(f.read_bytes()))
    return buf.getvalue()


def fab_files(work: Path, name: str, render: bool = True) -> dict:
    """{file name: bytes}: the Gerbers and drills zipped, placement and BOM, the 3D picture."""
    pcb = f"{name}.kicad_pcb"
    cli(["pcb", "export", "gerbers", "-o", "gerbers/", "-l", GERBER_LAYERS, "--no-x2", "--no-netlist",
         "--subtract-soldermask", pcb], work)
    cli(["pcb", "export", "drill", "-o", "gerbers/", "--excellon-separate-th", "--excellon-min-header", pcb], work)
    cli(["pcb", "export", "pos", "--format", "csv", "--units", "mm", "--exclude-dnp", "-o", f"{name}-pos.csv", pcb],
        work)
    cli(["sch", "export", "bom", "--exclude-dnp", "--group-by", "Value,Footprint", "--ref-range-delimiter", "",
         "--fields", "Reference,Value,Footprint,${QUANTITY}", "--labels", "Designator,Comment,Footprint,Quantity",
         "-o", f"{name}-bom.csv", f"{name}.kicad_sch"], work)
    out = {f"{name}-gerbers.zip": zip_gerbers(work / "gerbers"),
           f"{name}-pos.csv": (work / f"{name}-pos.csv").read_bytes(),
           f"{name}-bom.csv": (work / f"{name}-bom.csv").read_bytes()}
    if render:
        w, h = RENDER_SIZE
        cli(["pcb", "render", "-o", f"{name}-3d.png", "--width", str(w), "--height", str(h), *RENDER_VIEW, pcb], work)
        out[f"{name}-3d.png"] = (work / f"{name}-3d.png").read_bytes()
    return out
