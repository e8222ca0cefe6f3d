"""The committed build files are what `clacks-hw build-files` makes from the data today."""

import re
import subprocess
import sys
from pathlib import Path

from clacks_hw.hardware.build import OUTPUTS, build

from .conftest import make_context

ROOT = Path(__file__).resolve().parents[2]
CLI = str(Path(sys.executable).parent / "clacks-hw")


def _text_build(out):
    done = build(make_context(out), echo=lambda line: None)
    return [p for _, _, paths in done for p in paths]


def test_every_committed_text_output_is_current(tmp_path):
    written = _text_build(tmp_path)
    assert written
    stale = [str(p.relative_to(tmp_path)) for p in written
             if (ROOT / p.relative_to(tmp_path)).read_bytes() != p.read_bytes()]
    assert not stale, f"stale: {stale}; run: make build-files"


def test_the_registry_is_a_list_of_named_outputs():
    assert len({o.name for o in OUTPUTS}) == len(OUTPUTS)
    assert all(callable(o.write) for o in OUTPUTS)


def test_the_command_reports_each_output_and_its_time(tmp_path):
    r = subprocess.run([CLI, "build-files", "--no-render", "--out", str(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("[")]
    assert len(lines) == sum(not o.renders for o in OUTPUTS)
    assert all(" s" in ln and "file(s)" in ln for ln in lines)
    assert re.fullmatch(r"\d+ files in \d+\.\d s in all", r.stdout.splitlines()[-1])  # the whole run, checks included
    assert (tmp_path / "bom/mainboard.md").exists()


def test_a_bad_config_is_exit_2_with_the_reason(tmp_path):
    bad = tmp_path / "c.toml"
    bad.write_text('[reader]\nseats = ["Q"]\n')
    r = subprocess.run([CLI, "build-files", "--no-render", "--out", str(tmp_path),
                        "--config", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "reader.seats" in r.stderr and "Traceback" not in r.stderr
