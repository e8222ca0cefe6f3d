"""`clacks-hw build-files`: the time of each output, and the whole, for the default board.

Side by side in one run: the OpenSCAD renders in parallel (one OpenSCAD per core, as
build-files does) and the simplest alternative, one after another. Target: the whole build
in <= 60 s. Also prints the figures the build computes: BOM total, worst-case current,
PLA and print-time estimates (volume-based, no slicer: estimates).
"""

from __future__ import annotations

import json
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
from clacks_hw.hardware.pieces import pieces  # noqa: E402
from clacks_hw.hardware.power import budget  # noqa: E402
from clacks_hw.hardware.render import render_pieces  # noqa: E402


def main() -> int:
    cfg, hw = load_config(BUILTIN_CONFIG, check_devices=False), load_hardware()
    with tempfile.TemporaryDirectory() as tmp:
        ctx = Context(Path(tmp), cfg, hw)
        start = time.perf_counter()
        done = build(ctx, echo=lambda line: None)
        whole = time.perf_counter() - start
        for name, took, paths in done:
            print(f"  {name}: {took:.2f} s ({len(paths)} files)")
        print(f"build-files, everything: {whole:.1f} s (target <= 60 s)")
        t0 = time.perf_counter()
        render_pieces(ctx, pieces(ctx.lay), workers=1)
        print(f"  alternative: the OpenSCAD renders one after another: {time.perf_counter() - t0:.1f} s")
        manifest = json.loads((Path(tmp) / "enclosure/stl/manifest.json").read_text())
    printed = [(n, e) for n, e in manifest.items() if e.get("printed")]
    grams = sum(e["grams"] * e["qty"] for _, e in printed)
    minutes = sum(e["print_min_estimate"] * e["qty"] for _, e in printed)
    print(f"BOM total: {total(rows(hw, cfg, default_edition())):.2f} EUR (approximate prices)")
    b = budget(hw, cfg)
    print(f"worst-case current at brightness {cfg.leds.brightness:g}: {b.total_a:.2f} A "
          f"(LEDs {b.leds_a:.2f} A, Pi {b.pi_a:.2f} A, hub {b.hub_a:.2f} A)")
    print(f"printed parts: {grams:.0f} g PLA, about {minutes / 60:.0f} h printing (estimate from volume, no slicer)")
    for n, e in printed:
        print(f"  {n}: {e['volume_cm3']:g} cm3 x {e['qty']}, est. {e['print_min_estimate']} min each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
