"""`clacks-hw build-files` for the default board: the time of each output and of the whole, cold
(an empty tool cache: every OpenSCAD, PrusaSlicer and picture run made) and warm (nothing
changed: every run comes from the cache); the assembly check's time against the simplest
sound alternative (OpenSCAD's own intersection() of each pair whose boxes overlap, timed on a
sample of pairs); the maker's checks on the renders (printability, light-leak rays against a
plain-Python brute force); and PrusaSlicer's grams and hours per printed part and in all.

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
from clacks_hw.config.load import load_config  # noqa: E402
from clacks_hw.game.clacks.edition_files import default_edition  # noqa: E402
from clacks_hw.hardware.bom import rows as bom_rows, total  # noqa: E402
from clacks_hw.hardware.build import Context, build  # noqa: E402
from clacks_hw.hardware.data import load_hardware  # noqa: E402
from clacks_hw.hardware.parts_md import hours  # noqa: E402
from clacks_hw.hardware.power import budget  # noqa: E402
from report import Row, fig, record  # noqa: E402

V: dict = {}  # what the run measured; COMPUTED: what it worked out from the parts' data
COMPUTED: dict = {}

TOOLS = {"openscad": "openscad", "xvfb-run": "xvfb", "prusa-slicer": "prusa-slicer", "dot": "graphviz"}
SAMPLE = 8  # pairs timed with OpenSCAD's intersection()


def missing_tools() -> list:
    from clacks_hw.hardware.pcb.build import KICAD_PYTHON
    from clacks_hw.hardware.pcb.kicad_cli import KICAD_CLI
    out = [f"{cmd} (Debian's {pkg} package)" for cmd, pkg in TOOLS.items() if shutil.which(cmd) is None]
    try:  # the carrier PCB: KiCad 9's pcbnew, importable from Debian's own python3 (which may be missing too)
        r = subprocess.run([KICAD_PYTHON, "-c", "import pcbnew; print(pcbnew.Version())"], capture_output=True,
                           text=True, timeout=120)
        kicad9 = r.returncode == 0 and r.stdout.startswith("9.") and shutil.which(KICAD_CLI) is not None
    except (OSError, subprocess.TimeoutExpired):
        kicad9 = False
    return out + ([] if kicad9 else ["KiCad 9's pcbnew and kicad-cli (Debian's kicad package from bookworm-backports)"])


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
    V["assembly"] = {"s": best, "split": {k: v for k, v in report.seconds.items()}, "copies": report.instances,
                     "pairs": report.pairs, "tested": report.tested, "screws": len(report.fastenings),
                     "clearances": len(report.clearances)}
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
    V["assembly"].update(openscad_s=each, sampled=len(sample), candidates=len(pairs), shared=real)
    print(f"  bounding boxes alone: {len(pairs)} pairs overlap (screws in their holes, parts resting on each other); "
          f"the meshes: {real} share volume")


def render_check_figures(out: Path) -> None:
    """The maker's checks on the renders: every printed STL read back for supports, bodies and
    holes (pure Python), and the light rays (numpy) against a brute force in plain Python that
    stops at the first triangle each segment hits, timed on one pair of lamps."""
    from clacks_hw.hardware.layout import layout
    from clacks_hw.hardware.light import diffuser_points, leaks, led_points, paths
    from clacks_hw.hardware.mesh import print_problems, read_stl
    from clacks_hw.hardware.render_checks import baffle_placed
    lay, stl = layout(load_hardware()), out / "enclosure/stl"
    manifest = json.loads((stl / "manifest.json").read_text())
    printed = [n for n, e in manifest.items() if e.get("printed")]
    start = time.perf_counter()
    faces = 0
    for n in printed:
        m = read_stl((stl / f"{n}.stl").read_bytes())
        faces += len(m.faces)
        print_problems(m, 45, 10)
    took = time.perf_counter() - start
    print(f"printability of {len(printed)} printed STLs ({faces:,} triangles): {took:.2f} s")
    V["render"] = {"printed": len(printed), "faces": faces, "s": took}
    placed = baffle_placed(lay, stl)
    best = min(_timed(lambda: leaks(lay, placed)) for _ in range(3))
    print(f"light leaks, {paths(lay):,} rays against the baffle (numpy): {best:.2f} s best of 3")
    tris = [[tuple(v + d for v, d in zip(m.vertices[i], off)) for i in f] for m, off in placed for f in m.faces]
    segs = [(a, b) for a in led_points(lay, 0) for b in diffuser_points(lay, 1)]
    start = time.perf_counter()
    for a, b in segs:
        any(_hits(a, b, t) for t in tris)
    each = (time.perf_counter() - start) / len(segs)
    print(f"  alternative: plain Python, stopping at the first hit: {each * 1000:.1f} ms a ray, about "
          f"{each * paths(lay):.0f} s for all (estimate from lamp 0 to lamp 1's {len(segs)} rays)")
    V["render"].update(rays=paths(lay), rays_s=best, python_ray_ms=each * 1000, sampled=len(segs))


def _timed(run) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _hits(a, b, tri) -> bool:
    """Moller-Trumbore for one segment and one triangle."""
    (ax, ay, az), (v0, v1, v2) = a, tri
    d = (b[0] - ax, b[1] - ay, b[2] - az)
    e1 = (v1[0] - v0[0], v1[1] - v0[1], v1[2] - v0[2])
    e2 = (v2[0] - v0[0], v2[1] - v0[1], v2[2] - v0[2])
    h = (d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0])
    det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2]
    if abs(det) < 1e-12:
        return False
    f, sv = 1 / det, (ax - v0[0], ay - v0[1], az - v0[2])
    u = f * (sv[0] * h[0] + sv[1] * h[1] + sv[2] * h[2])
    if u < 0 or u > 1:
        return False
    q = (sv[1] * e1[2] - sv[2] * e1[1], sv[2] * e1[0] - sv[0] * e1[2], sv[0] * e1[1] - sv[1] * e1[0])
    v = f * (d[0] * q[0] + d[1] * q[1] + d[2] * q[2])
    t = f * (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2])
    return v >= 0 and u + v <= 1 and 1e-6 < t < 1 - 1e-6


def slicer_figures(out: Path) -> None:
    manifest = json.loads((out / "enclosure/stl/manifest.json").read_text())
    printed = sorted((n, e) for n, e in manifest.items() if e.get("printed"))
    board = [(n, e) for n, e in printed if not e.get("instead_of")]
    grams = sum(e["grams"] * e["qty"] for _, e in board)
    seconds = sum(e["seconds"] * e["qty"] for _, e in board)
    COMPUTED["slicer"] = {"grams": grams, "seconds": seconds, "parts": [[n, e["grams"], e["seconds"], e["qty"],
                                                                         e.get("instead_of")] for n, e in printed]}
    print(f"printed parts, PrusaSlicer with enclosure/print_profile.ini: {grams:.0f} g PLA, {hours(seconds)} "
          "(parts printed instead of another aside)")
    for n, e in printed:
        instead = f", instead of {e['instead_of']}" if e.get("instead_of") else ""
        print(f"  {n}: {e['grams']:.1f} g, {hours(e['seconds'])} each, x {e['qty']}{instead}")


def main() -> int:
    cfg, hw = load_config(BUILTIN_CONFIG, check_devices=False), load_hardware()
    COMPUTED["bom_eur"] = total(bom_rows(hw, cfg, default_edition()))
    print(f"BOM total: {COMPUTED['bom_eur']:.2f} EUR (estimated prices)")
    b = budget(hw, cfg)
    COMPUTED["power"] = {"board": b.board_a, "supply": b.supply_a, "weakest": b.weakest.name, "pi": b.pi_a,
                         "hub": b.hub_a, "leds": b.idle_a + b.led_light_a, "white": b.full_white_a + b.idle_a,
                         "limit": b.led_light_a / b.full_white_a}
    print(f"power: the board may draw {b.board_a:.2f} A of a {b.supply_a:g} A supply (weakest link: {b.weakest.name}); "
          f"Pi {b.pi_a:.2f} A, hub {b.hub_a:.2f} A, LEDs {b.idle_a + b.led_light_a:.2f} A "
          f"(every LED white: {b.full_white_a + b.idle_a:.2f} A, limited to {b.led_light_a / b.full_white_a:.2f} of full)")
    with tempfile.TemporaryDirectory() as tmp:
        out, cache = Path(tmp) / "out", Path(tmp) / "cache"
        took, _ = timed_build(out, cache, render=False)
        print(f"build-files --no-render (text files only): {took:.2f} s")
        COMPUTED["text_s"] = took
        lacking = missing_tools()
        if lacking or "--computed" in sys.argv:  # the slicer's figures as the committed build files give them
            print("skipped: the rendered outputs and the assembly check" + (" need " + ", ".join(lacking) if lacking
                                                                           else ": --computed"))
            slicer_figures(Path(__file__).resolve().parents[1])
            record(__file__, rows_computed, COMPUTED, part="computed")
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
        render_check_figures(out)
        slicer_figures(out)
        V.update(cold_s=cold, stages=[[name, t] for name, t, _ in done], warm_s=warm, slowest=[[n, t] for n, t, _ in slow])
    record(__file__, rows_computed, COMPUTED, part="computed")
    record(__file__, rows, V)
    return 0


def rows(v: dict) -> list[Row]:
    a, r = v["assembly"], v["render"]
    stages = ", ".join(f"{n} {t:.1f} s" for n, t in v["stages"])
    return [Row("build", "cold", "`build-files`, everything, from an empty tool cache (STLs with their printability "
                "and light-leak checks, the parts sliced, the pictures, the routed carrier PCB)",
                f"{v['cold_s']:.0f} s: {stages}", "<= 60 s"),
            Row("build", "warm", "`build-files` again, nothing changed (OpenSCAD and PrusaSlicer results from the cache)",
                f"{v['warm_s']:.1f} s (slowest: {', '.join(f'{n} {t:.1f} s' for n, t in v['slowest'])})", ""),
            Row("build", "assembly", f"assembly check on the meshes ({a['copies']} part copies, {a['pairs']:,} pairs; the "
                f"{a['tested']} whose boxes overlap intersected exactly with manifold3d; {a['screws']} screws; "
                f"{a['clearances']} clearances)", f"{a['s']:.2f} s best of 3 ("
                + ", ".join(f"{k} {t:.2f} s" for k, t in a["split"].items()) + f"); {a['shared']} sharing volume. "
                f"OpenSCAD's own `intersection()` of each candidate pair: {a['openscad_s']:.2f} s a pair, about "
                f"{a['openscad_s'] * a['candidates']:.0f} s for all {a['candidates']} (estimate from {a['sampled']} "
                f"sampled pairs), about {a['openscad_s'] * a['candidates'] / a['s']:.0f}x slower", "measured"),
            Row("build", "render-checks", "the maker's checks on the rendered parts (every printed STL read back; light "
                "rays against the baffle)", f"printability of the {r['printed']} printed STLs ({r['faces']:,} "
                f"triangles): {r['s']:.2f} s; {r['rays']:,} light rays (numpy): {r['rays_s']:.2f} s best of 3, against "
                f"about {r['python_ray_ms'] * r['rays'] / 1000:.0f} s for a plain-Python brute force stopping at each "
                f"ray's first hit ({r['python_ray_ms']:.1f} ms a ray, estimated from {r['sampled']:,} rays)", "measured")]


def rows_computed(v: dict) -> list[Row]:
    p, s = v["power"], v["slicer"]
    parts = "; ".join(f"{n} {g:.1f} g, {hours(t)} each, x {q}" + (f" (instead of {i})" if i else "")
                      for n, g, t, q, i in s["parts"])
    return [Row("build", "bom", "bill of materials, default board (estimated prices, `bom/bom.md`)",
                f"{v['bom_eur']:.2f} EUR", "computed from estimates"),
            Row("build", "power", "worst-case current (`clacks_hw/hardware/power.py`: the LEDs at their limit, the Pi, the hub)",
                f"the board may draw {p['board']:.2f} A of a {fig(p['supply'], 'g')} A supply (weakest link: "
                f"{p['weakest']}): Pi {p['pi']:.2f} A, hub {p['hub']:.2f} A, LEDs {p['leds']:.2f} A (every LED white: "
                f"{p['white']:.2f} A, limited to {p['limit']:.2f} of full)", "computed"),
            Row("build", "printed", "printed parts, PrusaSlicer with `enclosure/print_profile.ini`, per part as "
                "`enclosure/parts.md` lists them (the committed slicer results, or a full run's)",
                f"{s['grams']:.0f} g, {hours(s['seconds'])} in all (parts printed instead of another aside): {parts}",
                "measured"),
            Row("build", "text", "`build-files --no-render` (the text files alone)", f"{v['text_s']:.1f} s", "")]


if __name__ == "__main__":
    sys.exit(main())
