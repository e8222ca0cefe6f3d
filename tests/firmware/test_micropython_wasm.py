"""The firmware under a real MicroPython: MicroPython's own WebAssembly port (npm package
@micropython/micropython-webassembly-pyscript, pinned in firmware/wasm/package.json) on
Node.js runs firmware/wasm/harness.py: the protocol vectors through the firmware's hubproto,
then the firmware's main.main() and main loop against fake chips (firmware/wasm/run.mjs).

Needs `node` and firmware/wasm/node_modules (`make firmware-wasm`, or `npm ci` in
firmware/wasm). Without them the test skips on a workstation but fails when CI is set, so CI
cannot pass without having run the firmware under MicroPython."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

WASM = Path(__file__).resolve().parents[2] / "firmware" / "wasm"
PACKAGE = WASM / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
# Checks the harness must report, so a harness that quietly stops checking cannot pass.
REQUIRED = (
    "vectors: encode reproduces all",
    "vectors: all 9 bad host->hub lines",
    "card placed: exactly one TAG",
    "card resting",
    "card removed: exactly one GONE",
    "chip stops answering: ERR 1 noanswer",
    "7-byte UID",
    "watchdog:",
)


def _in_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _unavailable(reason):
    if _in_ci():
        pytest.fail(f"CI is set but {reason}: run `make firmware-wasm` (npm ci in firmware/wasm) first")
    pytest.skip(f"{reason}; run `make firmware-wasm` to test the firmware under real MicroPython")


def test_firmware_passes_every_check_under_real_micropython():
    node = shutil.which("node")
    if node is None:
        _unavailable("`node` is not on PATH")
    if not (PACKAGE / "micropython.mjs").is_file():
        _unavailable(f"{WASM / 'node_modules'} has no MicroPython WebAssembly package")
    try:
        proc = subprocess.run([node, str(WASM / "run.mjs")], cwd=WASM, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"run.mjs did not finish in {e.timeout} s:\n{e.stdout or ''}{e.stderr or ''}")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"run.mjs exited {proc.returncode}:\n{out}"
    assert "MicroPython 1.27" in proc.stdout, out  # the interpreter really is MicroPython
    passed = [line[5:] for line in proc.stdout.splitlines() if line.startswith("PASS ")]
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAIL ")]
    assert not failed, out
    m = re.search(r"^RESULT (\d+) passed, (\d+) failed$", proc.stdout, re.M)
    assert m and int(m.group(1)) == len(passed) and m.group(2) == "0", out
    for name in REQUIRED:
        assert any(p.startswith(name) for p in passed), f"check {name!r} missing:\n{out}"
