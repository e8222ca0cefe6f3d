"""`clacks-hw build-files` for the default board: the time of each output and of the whole, cold
(an empty tool cache: every OpenSCAD and picture run made, the circuit board routed and built in
KiCad if its source changed) and warm (nothing changed: every run comes from the cache); and the
power budget the daemon's current limiter holds the LEDs to.

A figure that needs a Debian tool this machine lacks is skipped, naming the package, so
`make bench` runs to the end anywhere. Target: the whole build <= 60 s cold.
"""

from __future__ import annotations

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
from clacks_hw.hardware.build import Context, build  # noqa: E402
from clacks_hw.hardware.data import load_hardware  # noqa: E402
from clacks_hw.hardware.mainboard.data import load_mainboard  # noqa: E402
from clacks_hw.hardware.power import budget  # noqa: E402
from report import Row, fig, record  # noqa: E402

V: dict = {}  # what the run measured; COMPUTED: what it worked out from the parts' data
COMPUTED: dict = {}

TOOLS = {"openscad": "openscad", "xvfb-run": "xvfb"}


def missing_tools() -> list:
    from clacks_hw.hardware.pcb.build import KICAD_PYTHON
    from clacks_hw.hardware.pcb.kicad_cli import KICAD_CLI
    out = [f"{cmd} (Debian's {pkg} package)" for cmd, pkg in TOOLS.items() if shutil.which(cmd) is None]
    try:  # the circuit board: KiCad 9's pcbnew, importable from Debian's own python3 (which may be missing too)
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


def main() -> int:
    cfg = load_config(BUILTIN_CONFIG, check_devices=False)
    b = budget(load_mainboard(), cfg)
    COMPUTED["power"] = {"board": b.board_a, "supply": b.supply_a, "weakest": b.weakest.name, "pi": b.pi_a,
                         "hub": b.hub_a, "leds": b.idle_a + b.led_light_a, "white": b.full_white_a + b.idle_a,
                         "limit": b.led_light_a / b.full_white_a}
    print(f"power: the board may draw {b.board_a:.2f} A of a {b.supply_a:g} A supply (weakest link: {b.weakest.name}); "
          f"Pi {b.pi_a:.2f} A, hub {b.hub_a:.2f} A, LEDs {b.idle_a + b.led_light_a:.2f} A "
          f"(every LED white: {b.full_white_a + b.idle_a:.2f} A; the limiter allows {b.led_light_a / b.full_white_a:.2f} of that)")
    with tempfile.TemporaryDirectory() as tmp:
        out, cache = Path(tmp) / "out", Path(tmp) / "cache"
        took, _ = timed_build(out, cache, render=False)
        print(f"build-files --no-render (text files only): {took:.2f} s")
        COMPUTED["text_s"] = took
        lacking = missing_tools()
        if lacking or "--computed" in sys.argv:
            print("skipped: the rendered outputs" + (" need " + ", ".join(lacking) if lacking else ": --computed"))
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
        V.update(cold_s=cold, stages=[[name, t] for name, t, _ in done], warm_s=warm, slowest=[[n, t] for n, t, _ in slow])
    record(__file__, rows_computed, COMPUTED, part="computed")
    record(__file__, rows, V)
    return 0


def rows(v: dict) -> list[Row]:
    stages = ", ".join(f"{n} {t:.1f} s" for n, t in v["stages"])
    return [Row("build", "cold", "`build-files`, everything, from an empty tool cache (the circuit board's checks and "
                "KiCad project, the case's cut files and pictures)", f"{v['cold_s']:.0f} s: {stages}", "<= 60 s"),
            Row("build", "warm", "`build-files` again, nothing changed (OpenSCAD's results from the cache)",
                f"{v['warm_s']:.1f} s (slowest: {', '.join(f'{n} {t:.1f} s' for n, t in v['slowest'])})", "")]


def rows_computed(v: dict) -> list[Row]:
    p = v["power"]
    return [Row("build", "power", "worst-case current (`clacks_hw/hardware/power.py`: the LEDs at their limit, the Pi, the hub)",
                f"the board may draw {p['board']:.2f} A of a {fig(p['supply'], 'g')} A supply (weakest link: "
                f"{p['weakest']}): Pi {p['pi']:.2f} A, hub {p['hub']:.2f} A, LEDs {p['leds']:.2f} A (every LED white: "
                f"{p['white']:.2f} A, " + ("never dimmed)" if p["limit"] >= 1 else f"limited to {p['limit']:.2f} of full)"),
                "computed"),
            Row("build", "text", "`build-files --no-render` (the text files alone)", f"{v['text_s']:.1f} s", "")]


if __name__ == "__main__":
    sys.exit(main())
