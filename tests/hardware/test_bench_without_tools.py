"""`make bench` runs to the end on a machine without the Debian build tools: the figures that
need one are skipped, naming the package, instead of a traceback."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_files_bench_names_the_missing_packages_and_finishes(tmp_path):
    bare = tmp_path / "bin"  # a PATH with Python and nothing else
    bare.mkdir()
    os.symlink(sys.executable, bare / "python")
    figures = tmp_path / "figures.json"  # what the bench records, away from the repository's
    figures.write_text((ROOT / "bench/figures.json").read_text())
    env = {**os.environ, "PATH": str(bare), "CLACKS_HW_CACHE": "off", "CLACKS_KICAD_PYTHON": str(bare / "no-python3"),
           "CLACKS_BENCH_FIGURES": str(figures)}
    r = subprocess.run([sys.executable, str(ROOT / "bench/bench_build_files.py")], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "build-files --no-render (text files only):" in r.stdout
    skipped = next(ln for ln in r.stdout.splitlines() if ln.startswith("skipped:"))
    assert all(f"Debian's {pkg} package" in skipped for pkg in ("openscad", "xvfb"))
    assert "Debian's kicad package from bookworm-backports" in skipped  # no python3 with pcbnew: named, no traceback
    assert "bench_build_files.py:computed" in figures.read_text()  # what it could work out, recorded


def test_the_kiosk_bench_skips_the_hall_without_mosquitto(tmp_path, monkeypatch, capsys):
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_kiosk", ROOT / "bench/bench_kiosk.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setenv("PATH", str(tmp_path))
    bench.hall()
    assert "skipped, mosquitto is not installed (Debian's mosquitto package)" in capsys.readouterr().out
