"""`clacks-hw install-service`: the generated unit, parsed as systemd would read its keys."""

import configparser
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.web import token as token_mod
from clacks_hw.commands import service_cmd
from clacks_hw.config import load as config_mod
from clacks_hw.config.load import load_config
from clacks_hw.config.systemd_unit import render_unit, unit_settings

EXE = "/usr/local/bin/clacks-hw"


@contextmanager
def token_at(path):
    """journal.dir/admin-token (where the daemon reads it) moved to ``path``: a test cannot give
    the service a journal.dir under /tmp (install-service refuses what PrivateTmp hides)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(token_mod, "token_path", lambda config: Path(path))
        yield
USER = "daemon"  # a user every Debian system has (install-service refuses one that does not exist)


def parse(text):
    """configparser with systemd's habits: repeated keys (the last wins here), no interpolation."""
    p = configparser.ConfigParser(strict=False, interpolation=None, comment_prefixes=("#",))
    p.optionxform = str  # keys are case-sensitive
    p.read_string(text)
    return p


def all_values(text, key):
    return [line.split("=", 1)[1] for line in text.splitlines() if line.startswith(key + "=")]


def unit(overrides=None, user="pi", exe=EXE):
    cfg = load_config(None, overrides=overrides, check_devices=False)
    return render_unit(unit_settings(cfg, exe, "/etc/clacks-hw/config.toml", user))


def test_spi_unit_runs_unprivileged_with_its_groups_and_devices():
    text = unit()
    u = parse(text)
    s = u["Service"]
    assert s["Type"] == "notify"
    assert s["ExecStart"] == f"{EXE} run --config /etc/clacks-hw/config.toml"
    assert (s["Restart"], s["RestartSec"], s["WatchdogSec"]) == ("on-failure", "2", "30")
    assert s["RestartPreventExitStatus"] == "2"
    assert s["User"] == "pi" and s["SupplementaryGroups"] == "spi gpio dialout"
    assert (s["ProtectSystem"], s["StateDirectory"], s["ProtectHome"], s["PrivateTmp"], s["NoNewPrivileges"]) == (
        "strict", "clacks-hw", "yes", "yes", "yes")
    assert s["WorkingDirectory"] == "/var/lib/clacks-hw"
    assert s["DevicePolicy"] == "closed"
    assert all_values(text, "DeviceAllow") == ["/dev/spidev0.0 rw", "char-gpiochip rw", "char-ttyACM rw",
                                               "char-ttyUSB rw"]
    assert "ReadWritePaths" not in s
    assert u["Install"]["WantedBy"] == "multi-user.target"
    assert u["Unit"]["StartLimitIntervalSec"] == "0"


def test_ws281x_unit_runs_as_root_and_says_why():
    text = unit({"leds.backend": "ws281x"})
    s = parse(text)["Service"]
    assert s["User"] == "root"
    assert "SupplementaryGroups" not in s and "DevicePolicy" not in s and "DeviceAllow" not in s
    assert s["NoNewPrivileges"] == "yes" and s["ProtectSystem"] == "strict"
    before_user = text[: text.index("User=root")]
    assert "only because the ws281x LED backend needs it" in before_user and "/dev/mem" in before_user
    assert "NoNewPrivileges only stops gaining privileges" in text


def test_groups_and_devices_follow_the_config():
    text = unit({"leds.backend": "virtual", "reader.type": "rdm6300"})
    s = parse(text)["Service"]
    assert s["SupplementaryGroups"] == "gpio dialout"
    assert all_values(text, "DeviceAllow") == ["char-gpiochip rw", "char-ttyAMA rw", "char-ttyS rw"]
    text = unit({"leds.backend": "virtual", "reader.type": "none", "buttons.pin_factory": "mock"})
    assert "SupplementaryGroups" not in parse(text)["Service"]


def test_journal_elsewhere_is_writable():
    s = parse(unit({"journal.dir": "/srv/clacks"}))["Service"]
    assert s["ReadWritePaths"] == "/srv/clacks" and s["ProtectHome"] == "yes"


def test_exec_paths_with_spaces_are_quoted():
    text = unit(exe="/opt/clacks hw/bin/clacks-hw")
    assert parse(text)["Service"]["ExecStart"] == '"/opt/clacks hw/bin/clacks-hw" run --config /etc/clacks-hw/config.toml'


@pytest.fixture
def runner(monkeypatch):
    monkeypatch.setattr(service_cmd, "find_executable", lambda: EXE)
    return CliRunner()


def test_cli_writes_refuses_to_overwrite_and_forces(tmp_path, runner):
    out, token = tmp_path / "clacks-hw.service", tmp_path / "state" / "admin-token"
    args = ["install-service", "--user", USER, "--output", str(out)]
    with token_at(token):
        r = runner.invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert token.stat().st_mode & 0o777 == 0o600 and len(token.read_text().strip()) >= 32
    assert f"Admin token written to {token}" in r.output
    first = token.read_text()
    assert parse(out.read_text())["Service"]["User"] == USER
    assert "sudo systemctl daemon-reload" in r.output
    assert "sudo systemctl enable --now clacks-hw" in r.output and "journalctl -u clacks-hw -f" in r.output
    out.write_text("# mine\n")
    with token_at(token):
        r = runner.invoke(cli, args)
    assert r.exit_code == 1 and "already exists" in r.output and "--force" in r.output
    assert out.read_text() == "# mine\n"
    with token_at(token):
        r = runner.invoke(cli, [*args, "--force"])
    assert r.exit_code == 0 and out.read_text().startswith("# clacks-hw board daemon")
    assert token.read_text() == first and "kept in" in r.output  # a reinstall keeps the phones' token


def test_cli_dry_run_prints_and_writes_nothing(tmp_path, runner, monkeypatch):
    cfg = tmp_path / "config.toml"  # read as the default config: one under /tmp is refused
    cfg.write_text('[leds]\nbackend = "ws281x"\n')
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", cfg)
    r = runner.invoke(cli, ["install-service", "--dry-run", "--output", str(tmp_path / "x.service")])
    assert r.exit_code == 0, r.output
    assert f"ExecStart={EXE} run --config /etc/clacks-hw/config.toml" in r.output and "User=root" in r.output
    assert not (tmp_path / "x.service").exists()


def test_cli_refuses_root_for_the_spi_backend_and_exits_2_for_a_bad_config(tmp_path, runner):
    r = runner.invoke(cli, ["install-service", "--user", "root", "--dry-run"])
    assert r.exit_code == 1 and "should not run as root" in r.output and "--user NAME" in r.output
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nbackend = 3\n')
    r = runner.invoke(cli, ["install-service", "--config", str(cfg), "--dry-run"])
    assert r.exit_code == 2 and "leds.backend" in r.output


def test_cli_without_permission_says_sudo(tmp_path, runner, monkeypatch):
    def deny(path, text, mode, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("clacks_hw.base.secure_files.write_file", deny)  # root here could write anywhere
    r = runner.invoke(cli, ["install-service", "--user", USER, "--output", str(tmp_path / "c.service")])
    assert r.exit_code == 1 and "no permission to write" in r.output and "sudo" in r.output
    assert "--dry-run" in r.output


@pytest.mark.parametrize("overrides", [None, {"leds.backend": "ws281x"}, {"reader.type": "rdm6300", "journal.dir": "/srv/c"}])
def test_systemd_accepts_every_key(tmp_path, overrides):
    """systemd-analyze (where installed) reads the unit: no unknown key, no bad value."""
    import shutil
    import subprocess

    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    path = tmp_path / "clacks-hw.service"
    path.write_text(unit(overrides, exe="/bin/true"))
    res = subprocess.run([analyze, "verify", str(path)], capture_output=True, text=True, timeout=30, check=False)
    complaints = [line for line in (res.stdout + res.stderr).splitlines() if str(path) in line]
    assert complaints == []


def test_the_token_goes_where_the_daemon_reads_it(tmp_path, runner):
    """No option puts the token anywhere else: a token the daemon never reads pairs no phone."""
    r = runner.invoke(cli, ["install-service", "--help"])
    assert "--admin-token-file" not in r.output and "journal.dir/admin-token" in r.output
    r = runner.invoke(cli, ["install-service", "--user", USER, "--output", str(tmp_path / "u"),
                            "--admin-token-file", str(tmp_path / "t")])
    assert r.exit_code == 2 and "--admin-token-file" in r.output and not (tmp_path / "t").exists()
