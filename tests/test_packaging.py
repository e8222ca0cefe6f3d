"""The package metadata uses today's forms, so building it warns about nothing; and a wheel
carries what builders need beyond the package (the reader hub's firmware)."""

import os
import re
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())


def test_the_license_is_an_spdx_expression_and_setuptools_understands_it():
    assert PYPROJECT["project"]["license"] == "MIT"  # not the deprecated {text = ...} table
    [setuptools] = [r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    minimum = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert minimum and int(minimum.group(1)) >= 77  # the first setuptools reading SPDX strings


def test_an_installed_wheel_carries_the_firmware_the_emulation_runs(tmp_path):
    # Builders who install clacks-hw from a wheel (not a checkout) still get `clacks-hw
    # emulate` and `clacks-hw hil`: the reader hub's firmware and its shared fakes come along.
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(root)],
                   check=True, capture_output=True)
    [wheel] = (tmp_path / "dist").glob("clacks_hw-*.whl")
    # the LED models and ratings the daemon's current limiter and config check read on the Pi
    assert {"clacks_hw/hardware/parts.toml", "clacks_hw/hardware/board.toml"} <= set(zipfile.ZipFile(wheel).namelist())
    venv.create(tmp_path / "env", with_pip=True)
    python = tmp_path / "env" / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-deps", "-q", str(wheel)], check=True, capture_output=True)
    probe = ("from clacks_hw.testing.firmware_files import firmware_dir, load_firmware; "
             "d = firmware_dir(); fw = load_firmware(); print(d); print(fw.hub.Hub.__name__)")
    out = subprocess.run([python, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                         env={"PATH": os.environ.get("PATH", "")})
    assert out.returncode == 0, out.stderr
    where, hub = out.stdout.split()
    assert Path(where) == tmp_path / "env" / "share" / "clacks-hw" / "firmware" and hub == "Hub"
