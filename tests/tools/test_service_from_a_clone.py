"""`clacks-hw install-service` from a git checkout: the checkout's own venv works wherever the
service can see it (outside /home, /root and /tmp); from a checkout it cannot see, the refusal
says exactly what to type: pipx installing this very folder into /opt, then install-service
again from /usr/local/bin."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands import service_cmd
from clacks_hw.config.load import load_config
from clacks_hw.config.systemd_unit import render_unit, unit_settings
from tests.tools.test_service_unit import USER, parse

CHECKOUT = Path(__file__).resolve().parents[2]  # this copy: a git checkout with its own venv
CLI = os.path.join(os.path.dirname(sys.executable), "clacks-hw")


def test_a_checkout_outside_home_runs_from_its_own_venv():
    exe = "/opt/clacks-hw/.venv/bin/clacks-hw"  # git clone ... /opt/clacks-hw; make install there
    text = render_unit(unit_settings(load_config(None, check_devices=False), exe, "/etc/clacks-hw/config.toml", USER))
    assert parse(text)["Service"]["ExecStart"] == f"{exe} run --config /etc/clacks-hw/config.toml"


def test_a_checkout_in_home_is_refused_with_exactly_what_to_type(monkeypatch):
    monkeypatch.setattr(service_cmd, "find_executable", lambda: "/home/pi/clacks-hw/.venv/bin/clacks-hw")
    r = CliRunner().invoke(cli, ["install-service", "--user", USER, "--dry-run"])
    assert r.exit_code == 2, r.output
    assert "/home/pi/clacks-hw/.venv/bin/clacks-hw is under /home/" in r.output and "ProtectHome=yes" in r.output
    lines = r.output.splitlines()
    pipx = next(line.strip() for line in lines if "pipx install" in line)
    assert shlex.split(pipx) == ["sudo", "PIPX_HOME=/opt/pipx", "PIPX_BIN_DIR=/usr/local/bin", "pipx", "install",
                                 "--system-site-packages", str(CHECKOUT)]  # this very checkout
    assert (CHECKOUT / "pyproject.toml").is_file()  # what pipx installs from
    assert any(line.strip() == "sudo /usr/local/bin/clacks-hw install-service" for line in lines)
    assert "pip install clacks-hw" not in r.output  # nothing to fetch from a package index


def test_the_real_command_run_from_a_hidden_place_says_the_same(tmp_path):
    """The program itself, started from under /tmp (the service's own /tmp is another one)."""
    link = tmp_path / "bin" / "clacks-hw"
    link.parent.mkdir()
    link.symlink_to(CLI)
    r = subprocess.run([str(link), "install-service", "--user", USER, "--dry-run"], capture_output=True, text=True,
                       timeout=60)
    hidden = next((p for p in ("/tmp/", "/var/tmp/", "/home/", "/root/") if str(link).startswith(p)), None)
    if hidden is None:  # a test folder the service could see: then it simply works
        assert r.returncode == 0 and f"ExecStart={link} run" in r.stdout, r.stderr
        return
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert f"the clacks-hw executable {link} is under {hidden}" in r.stderr
    assert f"pipx install --system-site-packages {shlex.quote(str(CHECKOUT))}" in r.stderr
