"""`clacks-hw build-files` for the default board: the time of each output and of the whole, cold
(an empty tool cache: every OpenSCAD, PrusaSlicer and picture run made) and warm (nothing
changed: every run comes from the cache); the assembly check's time against the simplest
sound alternative (OpenSCAD's own intersection() of each pair whose boxes overlap, timed on a
sample of pairs); and PrusaSlicer's grams and hours per printed part and in all.

A figure that needs a Debian tool this machine lacks is skipped, naming the package, so
`make bench` runs to the end anywhere. Target: the whole build <= 60 s cold.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.commands.build_files_cmd import BUILTIN_CONFIG  # noqa: E402
from clacks_hw.config import load_config  # noqa: E402
from clacks_hw.game.edition_files import default_edition  # noqa: E402
from clacks_hw.hardware.bom import rows, total  # noqa: E402
from clacks_hw.hardware.build import Context, build  # noqa: E402
from clacks_hw.hardware.data import load_hardware  # noqa: E402
from clacks_hw.hardware.parts_md import hours  # noqa: E402
from clacks_hw.hardware.power import budget  # noqa: E402

TOOLS = {"openscad": "openscad", "xvfb-run": "xvfb", "prusa-slicer": "prusa-slicer", "dot": "graphviz"}
SAMPLE = 8  # pairs timed with OpenSCAD's intersection()


def missing_tools() -> list:
    return [f"{cmd} (Debian's {pkg} package)" for cmd, pkg in TOOLS.items() if shutil.which(cmd) is None]


def timed_build(out: Path, cache: Path, render: bool) -> tuple[float, list]:
    os.environ["CLACKS_HW_CACHE"] = str(cache)
    cfg, hw = load_config(BUILTIN_CONFIG, check_devices=False), load_hardware()
    ctx = Context(out, cfg, hw, render=render)
    start = time.perf_counter()
    done = build(ctx, echo=lambda line: None)
    return time.perf_counter() - start, done


def assembly_check_figures(out: Path) -> None:
    from clacks_hw.hardware.assembly import all_parts, instances
    from clacks_hw.hardware.assembly_check import check, placed_solids
    from clacks_hw.hardware.layout import layout
    lay = layout(load_hardware())
    parts = all_parts(lay)
    best = None
    for _ in range(3):
        report = check(out, lay, parts)
        took = sum(report.seconds.values())
        best = took if best is None else min(best, took)
    split = ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in report.seconds.items())
    print(f"assembly check (manifold3d meshes): {best * 1000:.0f} ms best of 3 ({split}); {report.instances} part "
          f"copies, {report.pairs} pairs, {report.tested} with overlapping boxes intersected, "
          f"{len(report.fastenings)} screws, {len(report.clearances)} clearances; {len(report.problems)} problems")
    # The alternative: OpenSCAD renders intersection() of each candidate pair (CGAL), timed on a sample.
    insts = {i.name: i for i in instances(lay, parts)}
    placed = placed_solids(out, list(insts.values()))
    boxes = {n: s.bounding_box() for n, s in placed.items()}
    names = list(insts)
    pairs = [(a, b) for k, a in enumerate(names) for b in names[k + 1:]
             if all(boxes[a][i] < boxes[b][i + 3] and boxes[b][i] < boxes[a][i + 3] for i in range(3))]
    sample = pairs[:: max(1, len(pairs) // SAMPLE)][:SAMPLE]
    start = time.perf_counter()
    for a, b in sample:
        src = out / "pair.scad"
        body = "\n".join(f"multmatrix({[list(r) for r in insts[x].place.matrix()]}) import(\"{(out / insts[x].stl).resolve()}\");"
                         for x in (a, b))
        src.write_text(f"intersection() {{\n{body}\n}}\n")
        subprocess.run(["openscad", "-o", str(out / "pair.stl"), str(src)], capture_output=True, timeout=600)
    each = (time.perf_counter() - start) / len(sample)
    print(f"  alternative: OpenSCAD intersection() per pair {each:.2f} s (mean of {len(sample)} sampled pairs); "
          f"all {len(pairs)} candidate pairs: about {each * len(pairs):.0f} s (estimate from the sample), "
          f"{each * len(pairs) / best:.0f}x the mesh check")
    real = sum(" intersect: " in p for p in report.problems)
    print(f"  bounding boxes alone: {len(pairs)} pairs overlap (screws in their holes, parts resting on each other); "
          f"the meshes: {real} share volume")


def slicer_figures(out: Path) -> None:
    manifest = json.loads((out / "enclosure/stl/manifest.json").read_text())
    printed = sorted((n, e) for n, e in manifest.items() if e.get("printed"))
    grams = sum(e["grams"] * e["qty"] for _, e in printed)
    seconds = sum(e["seconds"] * e["qty"] for _, e in printed)
    print(f"printed parts, PrusaSlicer with enclosure/print_profile.ini: {grams:.0f} g PLA, {hours(seconds)}")
    for n, e in printed:
        print(f"  {n}: {e['grams']:.1f} g, {hours(e['seconds'])} each, x {e['qty']}")


def main() -> int:
    cfg, hw = load_config(BUILTIN_CONFIG, check_devices=False), load_hardware()
    print(f"BOM total: {total(rows(hw, cfg, default_edition())):.2f} EUR (approximate prices)")
    b = budget(hw, cfg)
    print(f"worst-case current at brightness {cfg.leds.brightness:g}: {b.total_a:.2f} A "
          f"(LEDs {b.leds_a:.2f} A, Pi {b.pi_a:.2f} A, hub {b.hub_a:.2f} A)")
    with tempfile.TemporaryDirectory() as tmp:
        out, cache = Path(tmp) / "out", Path(tmp) / "cache"
        took, _ = timed_build(out, cache, render=False)
        print(f"build-files --no-render (text files only): {took:.2f} s")
        lacking = missing_tools()
        if lacking:
            print("skipped: the rendered outputs, the assembly check and the slicer figures need " + ", ".join(lacking))
            return 0
        cold, done = timed_build(out, cache, render=True)
        for name, t, paths in done:
            print(f"  {name}: {t:.2f} s ({len(paths)} files)")
        print(f"build-files, everything, cold (empty tool cache): {cold:.1f} s (target <= 60 s)")
        warm, done = timed_build(out, cache, render=True)
        slow = sorted(done, key=lambda d: -d[1])[:3]
        print(f"build-files, everything, warm (nothing changed, tools' results cached): {warm:.1f} s "
              f"(slowest: {', '.join(f'{n} {t:.2f} s' for n, t, _ in slow)})")
        assembly_check_figures(out)
        slicer_figures(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
