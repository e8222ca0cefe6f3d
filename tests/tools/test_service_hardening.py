"""install-service: nothing injected into the unit, no user or install path the service could
not use, and a hardened sandbox as systemd-analyze security rates it."""

from __future__ import annotations

import re
import subprocess

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands import service_cmd
from clacks_hw.config import load as config_mod
from clacks_hw.config.load import load_config
from clacks_hw.config.systemd_unit import UnitError, render_unit, unit_settings
from tests.support.tools import require_tool

from .test_service_unit import EXE, USER, parse, unit


@pytest.fixture
def runner(monkeypatch):
    monkeypatch.setattr(service_cmd, "find_executable", lambda: EXE)
    return CliRunner()


def test_a_newline_in_journal_dir_cannot_inject_directives(tmp_path, runner):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[journal]\ndir = "/srv/c\\nExecStartPre=/bin/sh -c evil"\n')
    r = runner.invoke(cli, ["install-service", "--config", str(cfg), "--user", USER, "--dry-run"])
    assert r.exit_code == 2 and "control character (U+000A)" in r.output and "ExecStartPre" not in r.output.split("\n", 1)[1]


@pytest.mark.parametrize("field, value", [("exec_path", "/opt/c\n/bin/clacks-hw"), ("config_path", "/etc/c\x00.toml"),
                                          ("user", "pi\nUser=root"), ("spi_device", "/dev/spidev0.0\rX")])
def test_no_value_with_a_control_character_reaches_the_unit(field, value):
    cfg = load_config(None, check_devices=False)
    s = unit_settings(cfg, EXE, "/etc/clacks-hw/config.toml", USER)
    with pytest.raises(UnitError, match="control character"):
        render_unit(s.__class__(**{**s.__dict__, field: value}))


def test_paths_are_quoted_for_systemd():
    text = unit({"journal.dir": "/srv/my games"}, exe="/opt/100% $HOME/bin/clacks-hw")
    s = parse(text)["Service"]
    assert s["ExecStart"].startswith('"/opt/100%% $$HOME/bin/clacks-hw" run')
    assert s["ReadWritePaths"] == '"/srv/my games"'


def test_a_user_that_does_not_exist_is_refused(runner):
    r = runner.invoke(cli, ["install-service", "--user", "nosuchuser", "--dry-run"])
    assert r.exit_code == 2 and "no user 'nosuchuser'" in r.output and "useradd" in r.output


@pytest.mark.parametrize("exe, setting", [("/tmp/venv/bin/clacks-hw", "PrivateTmp=yes"),
                                          ("/home/pi/.local/bin/clacks-hw", "ProtectHome=yes")])
def test_an_executable_the_sandbox_hides_is_refused(monkeypatch, exe, setting):
    monkeypatch.setattr(service_cmd, "find_executable", lambda: exe)
    r = CliRunner().invoke(cli, ["install-service", "--user", USER, "--dry-run"])
    assert r.exit_code == 2 and setting in r.output and "/opt" in r.output and "pipx" in r.output


def test_a_config_the_sandbox_hides_is_refused(tmp_path, runner):
    cfg = tmp_path / "config.toml"  # under /tmp: PrivateTmp gives the service a /tmp of its own
    cfg.write_text('[leds]\nbackend = "spi"\n')
    r = runner.invoke(cli, ["install-service", "--config", str(cfg), "--user", USER, "--dry-run"])
    assert r.exit_code == 2 and f"--config {cfg} is under /tmp/" in r.output
    assert "PrivateTmp=yes" in r.output and "/etc/clacks-hw/config.toml" in r.output


@pytest.mark.parametrize("journal_dir, setting", [("/home/pi/journals", "ProtectHome=yes"),
                                                  ("/root/journals", "ProtectHome=yes"),
                                                  ("/tmp/journals", "PrivateTmp=yes")])
def test_journals_the_sandbox_hides_are_refused(journal_dir, setting):
    with pytest.raises(UnitError, match=f"(?s)journal.dir {journal_dir} is under .*{setting}.*/var/lib/clacks-hw"):
        unit({"journal.dir": journal_dir})


@pytest.mark.parametrize("overrides, limit", [(None, 1.5), ({"leds.backend": "ws281x"}, 2.1)],
                         ids=["spi", "ws281x"])
def test_systemd_analyze_security_score(tmp_path, overrides, limit):
    analyze = require_tool("systemd-analyze", "systemd")
    path = tmp_path / "clacks-hw.service"
    path.write_text(unit(overrides, user=USER))
    res = subprocess.run([analyze, "security", "--offline=true", str(path)], capture_output=True,
                         text=True, timeout=60, check=False)
    score = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", res.stdout + res.stderr)
    assert score, res.stdout + res.stderr
    assert float(score.group(1)) <= limit, res.stdout


# Everything Python's str.splitlines() (and so the old unit writer) breaks a line at, and more.
LINE_BREAKS = {"U+2028": "\u2028", "U+2029": "\u2029", "U+0085": "\x85", "CR": "\r", "VT": "\v", "FF": "\f",
               "U+001C": "\x1c"}
HIDDEN = {"RLO U+202E": "\u202e", "ZWSP U+200B": "\u200b", "NBSP U+00A0": "\xa0", "private U+E000": "\ue000"}


@pytest.mark.parametrize("char", list(LINE_BREAKS.values()), ids=list(LINE_BREAKS))
def test_a_unicode_line_break_in_the_config_cannot_inject_directives(tmp_path, runner, char):
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[journal]\ndir = "/srv/c\\u{ord(char):04x}ExecStartPre=/bin/sh -c evil"\n')
    r = runner.invoke(cli, ["install-service", "--config", str(cfg), "--user", USER, "--dry-run"])
    assert r.exit_code == 2, r.output
    assert "journal.dir" in r.output and f"U+{ord(char):04X}" in r.output
    assert not any(line.startswith("ExecStartPre") for line in r.output.split("\n"))


@pytest.mark.parametrize("char", [*LINE_BREAKS.values(), *HIDDEN.values(), "\udcff"],
                         ids=[*LINE_BREAKS, *HIDDEN, "undecodable byte"])
@pytest.mark.parametrize("field, what", [("exec_path", "the clacks-hw executable"), ("config_path", "--config"),
                                         ("user", "--user"), ("spi_device", "leds.spi_device"),
                                         ("journal_dir", "journal.dir")])
def test_no_value_reaching_the_unit_may_break_a_line_or_hide_one(field, what, char):
    cfg = load_config(None, check_devices=False)
    s = unit_settings(cfg, EXE, "/etc/clacks-hw/config.toml", USER)
    value = getattr(s, field) + char + "ExecStartPre=/bin/sh"
    with pytest.raises(UnitError, match=f"^{what} .* contains .*U\\+{ord(char):04X}") as err:
        render_unit(s.__class__(**{**s.__dict__, field: value}))
    assert "\n" not in str(err.value).split(";")[0] and "\u2028" not in str(err.value)


def test_a_hidden_character_in_the_config_is_refused_for_the_unit_naming_the_key(tmp_path, runner):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[leds]\nspi_device = "/dev/spidev0.0\\u202e"\n')
    r = runner.invoke(cli, ["install-service", "--config", str(cfg), "--user", USER, "--dry-run"])
    assert r.exit_code == 2 and "leds.spi_device" in r.output and "U+202E RIGHT-TO-LEFT OVERRIDE" in r.output


@pytest.mark.parametrize("journal_dir, problem", [
    ("/dev/null/x", "/dev/null is not a folder"),
    ("/dev/null", "/dev/null is not a folder"),
    ("/srv/../etc", "has an empty, '.' or '..' part"),
    ("/srv/./c", "has an empty, '.' or '..' part"),
    ("/srv//c", "has an empty, '.' or '..' part"),
    ("srv/c", "is not an absolute path"),
])
def test_a_journal_dir_that_can_never_be_a_folder_is_refused(tmp_path, runner, monkeypatch, journal_dir, problem):
    cfg = tmp_path / "config.toml"
    cfg.write_text(f'[journal]\ndir = "{journal_dir}"\n')
    monkeypatch.setattr(config_mod, "DEFAULT_PATH", cfg)  # read as /etc/clacks-hw/config.toml: none under /tmp
    r = runner.invoke(cli, ["install-service", "--user", USER, "--dry-run"])
    assert r.exit_code == 2 and "journal.dir" in r.output and problem in r.output, r.output
    assert "ReadWritePaths" not in r.output


def test_the_state_folder_is_private():
    s = parse(unit())["Service"]
    assert (s["StateDirectory"], s["StateDirectoryMode"], s["UMask"]) == ("clacks-hw", "0700", "0077")


def test_an_owners_edition_the_sandbox_hides_is_refused(tmp_path):
    """The daemon reads editions.guards when it starts: a file under /tmp (or /home) the service
    could not see is refused by install-service, not found missing at the first start."""
    from tests.guards.owner_box import write_owner_box

    box = tmp_path / "my-box.toml"  # under /tmp: the service gets a /tmp of its own
    write_owner_box(box)
    with pytest.raises(UnitError, match=f"(?s)editions.guards {box} is under /tmp/, .*PrivateTmp=yes.*"
                                        "/etc/clacks-hw/guards-box.toml"):
        unit({"editions.guards": str(box)})
    assert "ProtectSystem=strict" in unit()  # the edition the game ships: nothing to read
