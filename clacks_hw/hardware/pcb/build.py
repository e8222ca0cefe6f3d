"""The KiCad 9 steps every board goes through: build its design in pcbnew, run KiCad's DRC (with
the schematic's parity) and ERC (the build fails on any error), and write the KiCad project
(board with its zones filled, schematic, symbols, library tables, design rules), the Gerbers and
drills zipped for a board house, the placement and BOM files, and pictures into pcb/.
mainboard/kicad.py drives them for the circuit board and keeps its hash of what it is made of.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from ..data import HardwareError
from .kicad_cli import counts, drc, erc, fab_files, failures, lib_tables, libraries_of, version

HERE = Path(__file__).resolve().parent
KICAD_PYTHON = os.environ.get("CLACKS_KICAD_PYTHON", "/usr/bin/python3")  # Debian's, which has pcbnew
BOARDS = ("mainboard",)  # the boards whose KiCad projects share pcb/ and its library tables


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


def library_of(design: dict) -> Path:
    """The folder of the design's footprint libraries (a relative one is under this package)."""
    return (HERE / design["library"]).resolve()


def run_kicad(design: dict, work: Path, schematic: dict, render: bool = True) -> dict:
    """Build ``design`` in KiCad 9 in ``work`` beside its ``schematic`` ({file name: text}: the
    .kicad_sch and .kicad_sym): pcbnew makes the board and its project, kicad-cli checks them
    and makes the outputs. {"counts", "drc", "erc", "files": {file name: bytes}}."""
    name = design["name"]
    work.mkdir(parents=True, exist_ok=True)
    version(work)
    for fname, text in {**schematic, **lib_tables(libraries_of(design), [name], library_of(design))}.items():
        (work / fname).write_text(text, encoding="utf-8")
    (work / "design.json").write_text(json.dumps({**design, "library": str(library_of(design))}), encoding="utf-8")
    try:
        r = subprocess.run([KICAD_PYTHON, str(HERE / "kicad_script.py"), str(work / "design.json"), str(work)],
                           capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise HardwareError(f"{KICAD_PYTHON} not found: KiCad's pcbnew runs under Debian's python3") from None
    if r.returncode:
        if "No module named 'pcbnew'" in r.stderr:
            raise HardwareError("KiCad's pcbnew is not installed: install Debian's kicad package from "
                                "bookworm-backports (`make system-deps`), or run build-files --no-render")
        raise HardwareError(f"KiCad failed building the {name}: {r.stderr.strip()[-600:]}")
    files = {f"{name}.kicad_pcb": (work / f"{name}.kicad_pcb").read_bytes(),
             f"{name}.kicad_pro": (work / f"{name}.kicad_pro").read_bytes()}
    drc_report, erc_report = drc(work, name), erc(work, name)
    files.update(fab_files(work, name, render))
    return {"counts": counts(drc_report, erc_report), "drc": drc_report, "erc": erc_report, "files": files}


def fail_on_drc(name: str, result: dict) -> None:
    """Any DRC or ERC error, unconnected item or parity issue stops the build, quoting KiCad."""
    wrong = failures(result["counts"])
    if wrong:
        said = [f"{v['severity']} {v['type']}: {v['description']}" for v in
                result["drc"]["violations"] + result["drc"]["unconnected_items"] + result["drc"]["schematic_parity"]
                + [v for s in result["erc"]["sheets"] for v in s["violations"]] if v["severity"] == "error"
                or v in result["drc"]["unconnected_items"] + result["drc"]["schematic_parity"]]
        raise HardwareError(f"KiCad's checks fail the {name}: {wrong}:\n  " + "\n  ".join(said[:30]))


def report_text(report: dict) -> str:
    return json.dumps(report, indent=1, sort_keys=True) + "\n"


def project_files(name: str) -> list:
    """The files a board's KiCad project has in pcb/ (the library tables are the folder's)."""
    return [f"{name}.kicad_pcb", f"{name}.kicad_pro", f"{name}.kicad_sch", f"{name}.kicad_sym", "fp-lib-table",
            "sym-lib-table", f"{name}-gerbers.zip", f"{name}-pos.csv", f"{name}-bom.csv", f"{name}-3d.png",
            f"{name}.png", f"{name}-drc.json", f"{name}-erc.json", f"{name}.design.json"]


def write_project(ctx, d: dict, sch: dict, caption: str) -> tuple[list, dict]:
    """Any board's design (``d``, named by d["name"]) and its schematic files through KiCad into
    pcb/: the checks must pass, then every file of project_files(). The library tables pcb/
    shares name every library the project ships and every board's symbols, so each board
    writes the same tables. Returns the paths written and KiCad's counts."""
    from .render import render_file
    n = d["name"]
    # The committed tables name the footprint libraries from the project's folder, wherever the checkout is.
    shipped = [lib.stem for lib in library_of(d).glob("*.pretty")]
    tables = lib_tables(shipped, BOARDS, "${KIPRJMOD}/" + os.path.relpath(library_of(d), (ctx.out / "pcb").resolve()))
    with tempfile.TemporaryDirectory(prefix="clacks-pcb-") as tmp:
        work = Path(tmp)
        result = run_kicad(d, work, sch)
        fail_on_drc(n, result)
        written = [ctx.write(f"pcb/{f}", data) for f, data in {**result["files"], **sch, **tables}.items()]
        written += [
            ctx.write(f"pcb/{n}.png", render_file(work / "art.json", tuple(d["size"]), d["corner_radius"], caption)),
            ctx.write(f"pcb/{n}-drc.json", report_text(result["drc"])),
            ctx.write(f"pcb/{n}-erc.json", report_text(result["erc"])),
            ctx.write(f"pcb/{n}.design.json", json.dumps(d, indent=0, sort_keys=True) + "\n"),
        ]
    return written, result["counts"]
