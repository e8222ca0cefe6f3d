"""`build-files` output for the circuit board through KiCad 9: the schematic (one symbol a part,
its pins named by mainboard.toml's datasheet roles), the routed copper, and the KiCad project,
Gerbers and drills, placement, BOM, DRC and ERC reports and pictures in pcb/.

Routing the whole board takes minutes, so it runs only when what the board is made from
changed: pcb/mainboard-manifest.json records the hash of the parts, their places and the code
that routes and builds them; a build with the same hash keeps the committed files.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from types import SimpleNamespace

from ..data import HardwareError
from ..manifest import manifest_text
from ..pcb.build import code_fingerprint, project_files, write_project
from ..pcb.schematic import no_connect_nets, schematic, symbol_ids, symbol_library
from .circuit import Board
from .design import REVISION, design, route, size

NAME = "mainboard"
MANIFEST = f"{NAME}-manifest.json"
HERE = Path(__file__).resolve().parent
PCB = HERE.parent / "pcb"
CODE = [HERE / f for f in ("circuit.py", "design.py", "kicad.py")] + \
       [PCB / f for f in ("router.py", "design.py", "kicad_lib.py", "kicad_script.py", "kicad_cli.py", "render.py",
                          "schematic.py", "build.py")]


def sheet_parts(board: Board) -> list:
    """Every part as the schematic draws it: fitted or not (an unfitted one is DNP, its copper
    on the board for the maker who fits it later); a part of copper alone is not in the BOM."""
    kinds = board.data["kind"]
    return [SimpleNamespace(ref=p.ref, value=kinds[p.kind]["value"], footprint=kinds[p.kind]["footprint"],
                            pads=p.pads, dnp=not p.fitted, in_bom=not kinds[p.kind].get("copper", False))
            for p in board.parts]


def pin_names(board: Board) -> dict:
    """ref -> {pad: what the pin does}, from the kind's datasheet pin roles (a header's pads are
    named by their nets, as its pin table names them)."""
    out = {}
    for p in board.parts:
        roles = {pad: job for job, pad in board.data["kind"][p.kind].get("pins", {}).items()}
        out[p.ref] = {pad: roles.get(pad) or net or pad for pad, net in p.pads.items()}
    return out


def source_digest(board: Board) -> str:
    """The hash of everything the board's copper is made from: parts, places and this code."""
    h = hashlib.sha256(json.dumps([asdict(p) for p in board.parts], sort_keys=True).encode())
    h.update(json.dumps({k: board.data["kind"][k] for k in sorted({p.kind for p in board.parts})},
                        sort_keys=True).encode())
    for path in CODE:
        h.update(code_fingerprint(path.read_text(encoding="utf-8")).encode())
    return h.hexdigest()


def kicad_design(board: Board, routed: dict) -> dict:
    """The design KiCad builds: every part (unfitted ones DNP) on its schematic symbol, each pin
    the schematic flags no-connect carrying the net KiCad gives it."""
    parts = sheet_parts(board)
    ids, nc = symbol_ids(parts), no_connect_nets(parts, pin_names(board))
    d = design(board, routed)
    d["parts"] = [{**p, "symbol": ids[p["ref"]], "pads": {**p["pads"], **nc.get(p["ref"], {})}} for p in d["parts"]]
    return d


def sheet(board: Board) -> dict:
    parts, names = sheet_parts(board), pin_names(board)
    return {f"{NAME}.kicad_sch": schematic(parts, names, f"clacks-hw {NAME} r{REVISION}", NAME, NAME),
            f"{NAME}.kicad_sym": symbol_library(parts, names, NAME)}


def outputs(ctx, board: Board) -> list:
    out = ctx.out / "pcb"
    digest = source_digest(board)
    files = [f for f in project_files(NAME) if f not in ("fp-lib-table", "sym-lib-table")] + [MANIFEST]
    manifest = out / MANIFEST
    if manifest.exists() and all((out / f).exists() for f in files):
        if json.loads(manifest.read_text(encoding="utf-8")).get("source_sha256") == digest:
            return [out / f for f in files]  # nothing the board is made from changed
    echo = getattr(ctx, "echo", print)
    routed = route(board, progress=lambda done, total: echo(f"  routing the circuit board: {done}/{total} nets"))
    if routed["unrouted"]:
        raise HardwareError("the circuit board does not route: " +
                            "; ".join(f"{net}: {why}" for net, why in routed["unrouted"]))
    d = kicad_design(board, routed)
    w, h = size(board)
    caption = (f"Circuit board r{REVISION}, top side, {w:g} x {h:g} mm: drawn from the KiCad board's copper, "
               "pads and silkscreen (a plot, not a photograph)")
    written, counts = write_project(ctx, d, sheet(board), caption)
    written.append(ctx.write(f"pcb/{MANIFEST}", manifest_text({"source_sha256": digest, "checks": counts,
                                                               "tracks": len(routed["tracks"]),
                                                               "vias": len(routed["vias"])})))
    return written
