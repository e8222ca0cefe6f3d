"""Render every piece with OpenSCAD (headless, in parallel) and record what was rendered.

OpenSCAD's output may differ between versions, so the committed STL files are checked by the
hash of the .scad source that produced them (enclosure/stl/manifest.json), not byte for byte.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

from .data import HardwareError
from .manifest import manifest_text, sha256

FACET = re.compile(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)")


def stl_volume_bbox(data: bytes) -> tuple[float, tuple]:
    """Volume (mm3) and bounding box size of an ASCII STL: the sum of signed tetrahedra."""
    pts = [tuple(map(float, m.groups())) for m in FACET.finditer(data)]
    vol = 0.0
    for k in range(0, len(pts) - 2, 3):
        (ax, ay, az), (bx, by, bz), (cx, cy, cz) = pts[k], pts[k + 1], pts[k + 2]
        vol += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
    size = tuple(round(max(p[i] for p in pts) - min(p[i] for p in pts), 2) for i in range(3)) if pts else (0, 0, 0)
    return abs(vol) / 6, size


def openscad(src, dst) -> None:
    exe = shutil.which("openscad")
    if exe is None:
        raise HardwareError("openscad is not installed: install Debian's openscad package "
                            "(`make system-deps`), or run build-files with --no-render")
    r = subprocess.run([exe, "-o", str(dst), str(src)], capture_output=True, text=True, timeout=300)
    bad = [ln for ln in r.stderr.splitlines() if "WARNING" in ln or "ERROR" in ln]
    if r.returncode or bad:
        raise HardwareError(f"OpenSCAD failed on {src}: {'; '.join(bad) or r.stderr.strip()[-300:]}")


def render_pieces(ctx, pieces, workers: int | None = None) -> list:
    """Render in parallel (one OpenSCAD per core unless ``workers`` says otherwise)."""
    from .parts_md import parts_md
    jobs = []
    for p in pieces:
        src = ctx.write(f"enclosure/scad/{p.name}.scad", p.scad)
        jobs.append((src, ctx.out / f"enclosure/stl/{p.name}.stl"))
    (ctx.out / "enclosure/stl").mkdir(parents=True, exist_ok=True)
    flat = ctx.out / "enclosure/scad/top_panel_2d.scad"
    jobs.append((flat, ctx.out / "enclosure/top_panel.dxf"))
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2) as pool:
        list(pool.map(lambda job: openscad(*job), jobs))
    from .render_checks import check_renders, join_dxf
    join_dxf(ctx.out / "enclosure/top_panel.dxf")
    checked = check_renders(ctx.lay, pieces, ctx.out)
    pr, fil = ctx.hw.board["print"], ctx.hw.parts["filament"]
    entries = {}
    for p in pieces:
        vol, size = stl_volume_bbox((ctx.out / f"enclosure/stl/{p.name}.stl").read_bytes())
        entries[p.name] = {
            "scad_sha256": sha256(p.scad), "qty": p.qty, "printed": p.printed, "size_mm": list(size),
            "volume_cm3": round(vol / 1000, 1), "grams": round(vol / 1000 * fil["density"], 1),
            # Estimate: solid extrusion at the configured flow, no travel or heating (no slicer run).
            "print_min_estimate": round(vol / pr["flow_mm3_s"] / 60),
            **checked["parts"].get(p.name, {}),
        }
    entries["top_panel_2d"] = {"scad_sha256": sha256(flat.read_text(encoding="utf-8")), "dxf": "enclosure/top_panel.dxf"}
    return [dst for _, dst in jobs] + [
        ctx.write("enclosure/stl/manifest.json", manifest_text(entries)),
        ctx.write("enclosure/parts.md", parts_md(ctx.lay, pieces, entries, checked["light_paths"])),
    ]
