"""`build-files` output for the carrier: route it, build it in KiCad, run KiCad's DRC (the build
fails on any error), and write the board, the schematic, the Gerbers and drills zipped for a
board house, and a picture.

The heavy part (routing, about half a minute, and KiCad) runs only when the carrier's source
changed: pcb/manifest.json records the hash of the circuit, the placement and the code that
routes and builds it, and a build with the same hash keeps the committed files.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import tempfile
import zipfile
from dataclasses import asdict
from pathlib import Path

from ..data import HardwareError
from ..manifest import manifest_text
from .circuit import carrier
from .placement import place

HERE = Path(__file__).resolve().parent
KICAD_PYTHON = os.environ.get("CLACKS_KICAD_PYTHON", "/usr/bin/python3")  # Debian's, which has pcbnew
CODE = ("circuit.py", "placement.py", "router.py", "design.py", "kicad_script.py", "render.py", "schematic.py",
        "kicad_lib.py", "build.py")
NAME = "carrier"
# What a board house takes (JLCPCB, PCBWay): Protel extensions, Excellon drills, one zip.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the zip does not change when nothing in it did


def source_digest(hw, cfg, lay) -> str:
    """The hash of everything the board is made from: circuit, placement and this code."""
    c = carrier(hw, cfg)
    data = {"parts": [asdict(p) for p in c.parts], "at": place(c, cfg, lay)}
    h = hashlib.sha256(json.dumps(data, sort_keys=True).encode())
    for name in CODE:
        h.update(code_fingerprint((HERE / name).read_text(encoding="utf-8")).encode())
    return h.hexdigest()


def code_fingerprint(source: str) -> str:
    """What a module does, not how it is laid out: its syntax tree without docstrings, the
    imports sorted (comments, blank lines and import order do not change the board)."""
    import ast
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    imports = sorted((n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))), key=ast.dump)
    rest = [n for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom))]
    return "\n".join(ast.dump(n) for n in imports + rest)


def drc_counts(report: str) -> dict:
    """Counts from pcbnew's DRC report; errors and warnings by severity."""
    def found(what):
        m = re.search(rf"\*\* Found (\d+) {what} \*\*", report)
        if m is None:
            raise HardwareError(f"KiCad's DRC report has no '{what}' count; is this KiCad 6?")
        return int(m.group(1))
    return {"violations": found("DRC violations"), "unconnected": found("unconnected pads"),
            "footprint_errors": found("Footprint errors"),
            "errors": len(re.findall(r"Severity: error", report)), "warnings": len(re.findall(r"Severity: warning", report))}


def run_kicad(design: dict, work: Path) -> dict:
    """Build, check and plot ``design`` with pcbnew in ``work``; the DRC counts."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "design.json").write_text(json.dumps(design), encoding="utf-8")
    try:
        r = subprocess.run([KICAD_PYTHON, str(HERE / "kicad_script.py"), str(work / "design.json"), str(work)],
                           capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise HardwareError(f"{KICAD_PYTHON} not found: KiCad's pcbnew runs under Debian's python3") from None
    if r.returncode:
        if "No module named 'pcbnew'" in r.stderr:
            raise HardwareError("KiCad's pcbnew is not installed: install Debian's kicad and kicad-footprints "
                                "packages (`make system-deps`), or run build-files --no-render")
        raise HardwareError(f"KiCad failed building the carrier: {r.stderr.strip()[-600:]}")
    return drc_counts((work / "drc.txt").read_text(encoding="utf-8"))


def fail_on_drc(counts: dict, report: str) -> None:
    """Any DRC error, unconnected pad or footprint error stops the build, quoting KiCad's report."""
    if counts["errors"] or counts["unconnected"] or counts["footprint_errors"]:
        raise HardwareError(f"KiCad's DRC fails the carrier: {counts['errors']} error(s), "
                            f"{counts['unconnected']} unconnected pad(s), {counts['footprint_errors']} footprint "
                            f"error(s):\n{report[-3000:]}")


def undated(data: bytes) -> bytes:
    """A Gerber without the plot's date (its optional CreationDate attribute and the date in its
    first comment, both G04 comments a board house ignores), so the same board zips the same."""
    lines = [ln for ln in data.split(b"\n") if not ln.startswith(b"G04 #@! TF.CreationDate")]
    return b"\n".join(re.sub(rb"^(G04 Created by KiCad \(.*\)) date [0-9: -]+\*$", rb"\1*", ln) for ln in lines)


def zip_gerbers(folder: Path) -> bytes:
    import io
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(folder.iterdir()):
            info = zipfile.ZipInfo(f.name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, undated(f.read_bytes()))
    return buf.getvalue()


def outputs(ctx) -> list:
    """pcb/: the KiCad board and schematic, Gerbers + drills zipped, the picture, the DRC report."""
    from .design import REVISION, design
    from .placement import SIZE
    from .render import render_file
    from .schematic import schematic
    out = ctx.out / "pcb"
    digest = source_digest(ctx.hw, ctx.cfg, ctx.lay)
    files = [f"{NAME}.kicad_pcb", f"{NAME}.kicad_sch", f"{NAME}-gerbers.zip", f"{NAME}.png", "drc.txt",
             f"{NAME}.design.json", "manifest.json"]
    manifest = out / "manifest.json"
    if manifest.exists() and all((out / f).exists() for f in files):
        if json.loads(manifest.read_text(encoding="utf-8")).get("source_sha256") == digest:
            return [out / f for f in files]  # nothing the board is made from changed
    d = design(ctx.hw, ctx.cfg, ctx.lay)
    with tempfile.TemporaryDirectory(prefix="clacks-pcb-") as tmp:
        work = Path(tmp)
        counts = run_kicad(d, work)
        report = (work / "drc.txt").read_text(encoding="utf-8")
        fail_on_drc(counts, report)
        caption = (f"Carrier r{REVISION}, top side, {SIZE[0]:g} x {SIZE[1]:g} mm: drawn from the KiCad board's copper, "
                   "pads and silkscreen (a plot, not a photograph)")
        written = [
            ctx.write(f"pcb/{NAME}.kicad_pcb", (work / f"{NAME}.kicad_pcb").read_text(encoding="utf-8")),
            ctx.write(f"pcb/{NAME}.kicad_sch", schematic(carrier(ctx.hw, ctx.cfg), f"clacks-hw carrier r{REVISION}")),
            ctx.write(f"pcb/{NAME}-gerbers.zip", zip_gerbers(work / "gerbers")),
            ctx.write(f"pcb/{NAME}.png", render_file(work / "art.json", SIZE, d["corner_radius"], caption)),
            # The report without its first lines (the date and the temporary path).
            ctx.write("pcb/drc.txt", "KiCad 6 DRC of carrier.kicad_pcb\n" + report.split("\n", 3)[-1]),
            ctx.write(f"pcb/{NAME}.design.json", json.dumps(d, indent=0, sort_keys=True) + "\n"),
        ]
    written.append(ctx.write("pcb/manifest.json", manifest_text({"source_sha256": digest, "drc": counts})))
    return written
