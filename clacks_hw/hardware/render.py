"""Render every part with OpenSCAD: headless, in parallel, each render kept in the tool cache by
the hash of its source, so a build renders only what changed. The renders are then checked as a
maker would (render_checks.py) and the panel's DXF gets joined outlines and units.

OpenSCAD's output may differ between versions, so the committed STL files are checked by the
hash of the .scad source that produced them (enclosure/stl/manifest.json), not byte for byte.
"""

from __future__ import annotations

import os
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from . import tool_cache
from .data import HardwareError


def openscad_exe() -> str:
    return tool_cache.exe("openscad", "openscad")


def openscad(src, dst, args=(), wrap=()) -> None:
    """``openscad -o dst src``; any WARNING or ERROR it prints fails the build, naming the file."""
    r = subprocess.run([*wrap, openscad_exe(), *args, "-o", str(dst), str(src)], capture_output=True, text=True,
                       timeout=600)
    bad = [ln for ln in r.stderr.splitlines() if "WARNING" in ln or "ERROR" in ln]
    if r.returncode or bad:
        raise HardwareError(f"OpenSCAD failed on {src}: {'; '.join(bad) or r.stderr.strip()[-300:]}")


def cached_openscad(kind: str, src: Path, dst: Path, args=(), wrap=(), inputs=(), key_text: str | None = None) -> bool:
    """Render src to dst unless the cache has it (keyed by OpenSCAD's version, the source, or
    ``key_text`` standing for it, the arguments and the bytes of every file it imports); True
    when it came from the cache."""
    k = tool_cache.key(tool_cache.tool_version(openscad_exe()), kind, *args,
                       src.read_bytes() if key_text is None else key_text, *(Path(i).read_bytes() for i in inputs))
    hit = tool_cache.get(kind, k)
    if hit is not None:
        dst.write_bytes(hit)
        return True
    openscad(src, dst, args, wrap)
    data = dst.read_bytes()
    if not data:  # OpenSCAD without an X server leaves an empty PNG and says nothing
        raise HardwareError(f"OpenSCAD wrote an empty {dst.name} from {src.name}")
    tool_cache.put(kind, k, data)
    return False


def run_jobs(ctx, what: str, jobs: list, run, workers: int | None = None) -> None:
    """Run ``run(job)`` for every job, one per core, printing each as it finishes with its time."""
    total, done = len(jobs), 0
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 2) as pool:
        started = {pool.submit(_timed, run, job): job for job in jobs}
        for fut in as_completed(started):
            cached, took = fut.result()
            done += 1
            ctx.echo(f"    {what} {done}/{total}: {started[fut][0]} " + ("(cached)" if cached else f"({took:.1f} s)"))


def _timed(run, job):
    start = time.perf_counter()
    cached = run(job)
    return cached, time.perf_counter() - start


def drop_stale(folder: Path, pattern: str, keep: list) -> None:
    """Remove the generated files matching ``pattern`` under ``folder`` that this build did not make
    (a part that is gone must not leave its old STL or picture behind)."""
    keep = {Path(k).resolve() for k in keep}
    for old in folder.glob(pattern):
        if old.resolve() not in keep:
            old.unlink()


def render_stls(ctx, parts, workers: int | None = None) -> list:
    """enclosure/stl/NAME.stl for every part (bought parts under stl/bought/) and the panel's DXF."""
    jobs = [(p.name, ctx.out / f"enclosure/scad/{p.name}.scad", ctx.out / f"enclosure/stl/{p.name}.stl") for p in parts]
    jobs.append(("top_panel.dxf", ctx.out / "enclosure/scad/top_panel_2d.scad", ctx.out / "enclosure/top_panel.dxf"))
    for _, src, dst in jobs:
        if not src.exists():
            raise HardwareError(f"{src} is missing: run the OpenSCAD sources output first")
        dst.parent.mkdir(parents=True, exist_ok=True)
    run_jobs(ctx, "render", jobs, lambda job: cached_openscad(job[2].suffix[1:], job[1], job[2]), workers)
    from .render_checks import check_renders, join_dxf
    join_dxf(ctx.out / "enclosure/top_panel.dxf")
    check_renders(ctx.lay, [p for p in parts if p.printed], ctx.out)
    made = [dst for _, _, dst in jobs]
    drop_stale(ctx.out / "enclosure/stl", "**/*.stl", made)
    return made
