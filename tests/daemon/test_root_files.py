"""The daemon runs as root for the ws281x backend: a link planted in or at its journal folder,
or a folder another user controls, must not make it write, truncate or cut any other file."""

from __future__ import annotations

import os
import stat

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.daemon.resume import find
from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.actions import Action
from clacks_hw.game.clacks.config import ClacksConfig
from clacks_hw.game.clacks.setup import deal_words
from clacks_hw.journal.append_file import AppendFile
from clacks_hw.selftest import journal_dir
from clacks_hw.selftest.report import Report
from tests.fakes.daemon_rig import EDITION
from tests.support.planted import OTHER, as_root, make_victim, untouched


@pytest.fixture
def victim(tmp_path):
    return make_victim(tmp_path)


def quiet_config(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[status]\nport = 0\n")
    return str(path)


def test_the_room_probe_never_truncates_through_a_planted_link(tmp_path, victim):
    d = tmp_path / "journals"
    d.mkdir()
    for guess in (os.getpid(), os.getpid() + 1):  # the old probe's name was the process id
        (d / f".room-probe-{guess}").symlink_to(victim)
    assert JournalStore(d, EDITION).has_room()
    assert untouched(victim)
    assert sorted(p.name for p in d.iterdir()) == sorted(f".room-probe-{g}" for g in (os.getpid(), os.getpid() + 1))


def test_a_linked_journal_is_never_resumed_nor_appended_to(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    store = JournalStore(elsewhere, EDITION)
    session = store.new_session(ClacksConfig(seats=("S", "N"), words=deal_words(EDITION, ("S", "N"), 1, 9), seed=9))
    seat = session.state.turn.seat
    session.apply(Action(seat, "move", tower=1))
    session.close()
    before = session.path.read_bytes()
    (session.path.parent / "x").write_bytes(before[:-3])  # a torn copy: resuming would cut it
    d = tmp_path / "journals"
    d.mkdir()
    (d / "game-20990101-000000-00001.jsonl").symlink_to(session.path)
    (d / "game-20990101-000000-00002.jsonl").symlink_to(session.path.parent / "x")
    outcome = find(JournalStore(d, EDITION))
    assert outcome.session is None and "is a symbolic link" in outcome.notice  # refused aloud
    assert session.path.read_bytes() == before and (session.path.parent / "x").read_bytes() == before[:-3]
    with pytest.raises(OSError) as err:
        AppendFile.open(d / "game-20990101-000000-00002.jsonl")
    assert err.value.errno == 40  # ELOOP


def test_a_frame_log_is_never_appended_through_a_link(tmp_path, victim):
    log = tmp_path / "frames.jsonl"
    log.symlink_to(victim)
    r = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.2", "--journal-dir", str(tmp_path / "j"),
                                 "--config", quiet_config(tmp_path), "--frame-log", str(log)], input="")
    assert r.exit_code == 2 and f"--frame-log {log}: cannot append to it" in r.output and "not a link" in r.output
    assert untouched(victim)


@as_root
def test_a_journal_folder_another_user_controls_stops_the_daemon(tmp_path, victim):
    bobs = tmp_path / "bobs"
    bobs.mkdir()
    os.chown(bobs, OTHER, OTHER)
    r = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.2", "--journal-dir", str(bobs),
                                 "--config", quiet_config(tmp_path)], input="")
    assert r.exit_code == 2, r.output
    assert f"journal.dir: refusing to write in {bobs}: it is owned by {OTHER}" in r.output
    assert f"sudo chown root {bobs}" in r.output and list(bobs.iterdir()) == []
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    (shared / "journals").symlink_to(tmp_path)
    os.lchown(shared / "journals", OTHER, OTHER)
    r = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.2", "--journal-dir", str(shared / "journals"),
                                 "--config", quiet_config(tmp_path)], input="")
    assert r.exit_code == 2 and "it is a link owned by 4242" in r.output
    assert not list(tmp_path.glob("*.jsonl")) and untouched(victim)


def test_a_missing_journal_folder_is_made_private(tmp_path):
    d = tmp_path / "state" / "journals"
    r = CliRunner().invoke(cli, ["run", "--virtual", "--for", "0.2", "--journal-dir", str(d),
                                 "--config", quiet_config(tmp_path)], input="")
    assert r.exit_code == 0, r.output
    assert stat.S_IMODE(d.stat().st_mode) == 0o700


def test_selftest_probes_a_name_nobody_could_plant(tmp_path, victim):
    (tmp_path / f".selftest-{os.getpid()}").symlink_to(victim)
    report = Report()
    journal_dir.check(tmp_path, report)
    assert [c.status for c in report.checks] == ["PASS"] and untouched(victim)


def test_the_admin_token_is_never_read_through_a_link(tmp_path):
    from clacks_hw.config.load import load_config
    from clacks_hw.web.token import admin_token

    secret = tmp_path / "root-secret"
    secret.write_text("a-long-line-only-root-may-read\n")
    d = tmp_path / "journals"
    d.mkdir()
    (d / "admin-token").symlink_to(secret)
    cfg = load_config(None, overrides={"journal.dir": str(d)}, check_devices=False)
    assert admin_token(cfg) is None
    (d / "admin-token").unlink()
    (d / "admin-token").write_text("a-real-token-of-the-board\n")
    assert admin_token(cfg) == "a-real-token-of-the-board"
