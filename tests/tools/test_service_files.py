"""install-service runs as root: links planted where it writes the admin token or the unit, and
folders another user controls, must not make it overwrite, chown or read any other file."""

from __future__ import annotations

import os
import pwd
import stat

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.commands import service_cmd
from tests.support.planted import OTHER, make_victim, untouched

from .test_service_unit import EXE, USER, token_at

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="install-service's files are root's: needs root (CI runs as root)")


@pytest.fixture
def runner(monkeypatch):
    monkeypatch.setattr(service_cmd, "find_executable", lambda: EXE)
    monkeypatch.delenv("SUDO_UID", raising=False)
    return CliRunner()


@pytest.fixture
def victim(tmp_path):
    return make_victim(tmp_path)


def install(runner, tmp_path, token, *extra):
    with token_at(token):
        return runner.invoke(cli, ["install-service", "--user", USER, "--output", str(tmp_path / "unit" / "c.service"),
                                   *extra])


def state_dir(tmp_path):
    d = tmp_path / "state"
    d.mkdir()
    pw = pwd.getpwnam(USER)
    os.chown(d, pw.pw_uid, pw.pw_gid)  # as systemd's StateDirectory= leaves it
    return d


@pytest.mark.parametrize("planted", ["admin-token.new", "admin-token"])
def test_a_link_planted_in_the_state_folder_is_never_followed(tmp_path, runner, victim, planted):
    d = state_dir(tmp_path)
    (d / planted).symlink_to(victim)
    r = install(runner, tmp_path, d / "admin-token")
    assert r.exit_code == 0, r.output
    assert untouched(victim)
    token = d / "admin-token"
    st = token.lstat()
    assert stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o600
    assert st.st_uid == pwd.getpwnam(USER).pw_uid and "secret" not in token.read_text()
    assert "Admin token written to" in r.output


def test_a_state_folder_owned_by_another_user_is_refused(tmp_path, runner, victim):
    d = tmp_path / "state"
    d.mkdir()
    os.chown(d, OTHER, OTHER)
    (d / "admin-token.new").symlink_to(victim)
    r = install(runner, tmp_path, d / "admin-token")
    assert r.exit_code == 2, r.output
    assert f"refusing to write in {d}: it is owned by {OTHER}" in r.output and f"sudo chown root {d}" in r.output
    assert untouched(victim) and not (tmp_path / "unit").exists()
    assert sorted(p.name for p in d.iterdir()) == ["admin-token.new"]


def test_a_state_folder_others_may_write_is_refused(tmp_path, runner):
    d = state_dir(tmp_path)
    d.chmod(0o777)
    r = install(runner, tmp_path, d / "admin-token")
    assert r.exit_code == 2 and "its group and everyone may write in it" in r.output
    assert f"sudo chmod go-w {d}" in r.output and list(d.iterdir()) == []


def test_a_linked_state_folder_planted_by_another_user_is_refused(tmp_path, runner, victim):
    shared = tmp_path / "srv"
    shared.mkdir()
    shared.chmod(0o1777)
    link = shared / "clacks"
    link.symlink_to(tmp_path)
    os.lchown(link, OTHER, OTHER)
    r = install(runner, tmp_path, link / "victim")
    assert r.exit_code == 2 and f"{link}: it is a link owned by {OTHER}" in r.output
    assert untouched(victim)


def test_a_missing_state_folder_is_made_private_for_the_service(tmp_path, runner):
    token = tmp_path / "var" / "lib" / "clacks-hw" / "admin-token"
    r = install(runner, tmp_path, token)
    assert r.exit_code == 0, r.output
    st = token.parent.stat()
    assert stat.S_IMODE(st.st_mode) == 0o700 and st.st_uid == pwd.getpwnam(USER).pw_uid


def test_the_unit_is_never_written_through_a_link_or_into_a_borrowed_folder(tmp_path, runner, victim):
    d = state_dir(tmp_path)
    units = tmp_path / "unit"
    units.mkdir()
    (units / "c.service").symlink_to(victim)
    r = install(runner, tmp_path, d / "admin-token", "--force")
    assert r.exit_code == 0, r.output
    assert untouched(victim) and (units / "c.service").read_text().startswith("# clacks-hw board daemon")
    os.chown(units, OTHER, OTHER)
    r = install(runner, tmp_path, d / "admin-token", "--force")
    assert r.exit_code == 2 and f"refusing to write in {units}: it is owned by {OTHER}" in r.output
