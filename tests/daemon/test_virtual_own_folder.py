"""The virtual board keeps its journals, phones and admin token in a folder of its own, and
`clacks-hw admin` finds the same one: run as root beside a service that owns journal.dir, it
never needs (nor changes) the service's folder, and a phone pairs once `admin --virtual
--rotate` made the token (a newcomer found neither, and was told a chown that broke the service)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from tests.support.planted import OTHER, as_root


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clacks(env, *args, keys: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "clacks_hw.cli", *args], input=keys, capture_output=True,
                          text=True, timeout=60, env=env)


def beside_a_service(tmp_path, owner=OTHER):
    """A config whose journal.dir is a service's folder (0700, the service user's), a page on a
    free port, and the person's own state folder."""
    service = tmp_path / "var-lib-clacks-hw"
    service.mkdir(mode=0o700)
    os.chown(service, owner, owner)
    config = tmp_path / "config.toml"
    config.write_text(f'[journal]\ndir = "{service}"\n[status]\nport = {free_port()}\n')
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    return service, str(config), env, tmp_path / "state" / "clacks-hw"


@as_root
def test_as_root_the_virtual_board_keeps_out_of_the_services_folder(tmp_path):
    service, config, env, own = beside_a_service(tmp_path)
    out = clacks(env, "run", "--virtual", "--for", "0.5", "--config", config, keys="     ")
    assert out.returncode == 0, out.stderr
    assert f"the virtual board keeps its journals, phones and admin token in {own}" in out.stderr
    assert "chown" not in out.stderr + out.stdout
    assert list(own.glob("*.jsonl")) and list(service.iterdir()) == []
    assert service.stat().st_uid == OTHER  # the service's folder is as it was


@as_root
def test_as_root_admin_virtual_makes_the_token_the_virtual_board_pairs_with(tmp_path):
    owner = OTHER
    service, config, env, own = beside_a_service(tmp_path, owner)
    made = clacks(env, "admin", "--virtual", "--rotate", "--config", config)
    assert made.returncode == 0, made.stderr
    assert f"New admin token written to {own / 'admin-token'}" in made.stdout
    out = clacks(env, "run", "--virtual", "--for", "1", "--config", config, keys="P")
    assert out.returncode == 0, out.stderr
    assert "Pairing one phone" in out.stdout and "Cannot pair" not in out.stdout
    assert list(service.iterdir()) == []
    assert service.stat().st_uid == owner


def test_the_virtual_board_without_a_token_says_the_command_that_makes_one(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f"[status]\nport = {free_port()}\n")
    out = clacks(os.environ, "run", "--virtual", "--for", "1", "--journal-dir", str(tmp_path), "--config",
                 str(config), keys="P")
    assert "Cannot pair a phone: pairing is off: there is no admin token (run `clacks-hw admin --virtual --rotate`" in out.stdout
    made = clacks(os.environ, "admin", "--journal-dir", str(tmp_path), "--rotate", "--config", str(config))
    assert made.returncode == 0, made.stderr
    out = clacks(os.environ, "run", "--virtual", "--for", "1", "--journal-dir", str(tmp_path), "--config",
                 str(config), keys="P")
    assert "Pairing one phone" in out.stdout, out.stdout


@as_root
def test_as_root_the_services_state_folder_is_never_the_virtual_boards_though_root_owns_it(tmp_path, monkeypatch):
    """With the ws281x backend the service runs as root, so /var/lib/clacks-hw is root's: root's
    virtual board still keeps out of it (a root-owned one on CI took the admin token), while a
    folder of root's own elsewhere is root's to use."""
    from clacks_hw.commands import own_dirs
    service, elsewhere = tmp_path / "var-lib-clacks-hw", tmp_path / "mine"
    service.mkdir(mode=0o700)
    elsewhere.mkdir(mode=0o700)
    monkeypatch.setattr(own_dirs, "service_dir", lambda: os.path.realpath(service))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert not own_dirs.is_own(str(service)) and own_dirs.is_own(str(elsewhere))
    assert own_dirs.virtual_journal_dir(str(service)) == str(tmp_path / "state" / "clacks-hw")
    assert own_dirs.virtual_journal_dir(str(elsewhere)) == str(elsewhere)
