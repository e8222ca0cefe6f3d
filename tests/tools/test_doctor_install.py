"""doctor's fixes for a missing Python library fit how clacks-hw was installed: apt's
python3-lgpio cannot help a venv that does not see the system's packages."""

import subprocess
import sys

from clacks_hw.commands.doctor.check import FAIL
from clacks_hw.commands.doctor.system import System
from tests.tools.test_doctor_checks import PI5, FakePi, config, lines, run

NO_HARDWARE = '[leds]\nbackend = "virtual"\n[reader]\ntype = "none"\n'


def missing_lgpio_fix(tmp_path, install):
    sys_ = FakePi(tmp_path / install[0], model=PI5, modules=(), install=install)
    _, checks = run(config(tmp_path, NO_HARDWARE), sys_)
    return lines(checks, FAIL, "buttons")[0].fix


def test_an_isolated_venv_is_told_to_pip_install_into_itself(tmp_path):
    fix = missing_lgpio_fix(tmp_path, ("venv", "/opt/clacks"))
    assert fix.startswith("/opt/clacks/bin/pip install lgpio")
    assert "python3 -m venv --system-site-packages /opt/clacks" in fix


def test_the_system_python_or_a_venv_that_sees_it_is_told_apt(tmp_path):
    for install in (("system", "/usr"), ("venv-system", "/opt/clacks")):
        assert missing_lgpio_fix(tmp_path, install).startswith("sudo apt install python3-lgpio")


def test_this_machines_installation_is_recognised(tmp_path):
    _, prefix = System().python_install()
    assert prefix == sys.prefix
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    probe = "from clacks_hw.commands.doctor.system import System; print(System().python_install()[0])"
    out = subprocess.run([str(venv / "bin" / "python"), "-c", f"import sys; sys.path[:0] = {sys.path!r}; {probe}"],
                         capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    assert out == "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)],
                   check=True, timeout=60)
    out = subprocess.run([str(venv / "bin" / "python"), "-c", f"import sys; sys.path[:0] = {sys.path!r}; {probe}"],
                         capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    assert out == "venv-system"
