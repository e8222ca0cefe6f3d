"""secure_files: a file written as root never follows a link and never lands in a folder that
another user controls. Planted links and borrowed folders, each checked against a victim file
that must come out unchanged."""

from __future__ import annotations

import os
import stat

import pytest

from clacks_hw.base import secure_files
from clacks_hw.base.secure_files import SafeDir, UnsafePath, write_file
from tests.support.planted import OTHER, as_root, make_victim, untouched




@pytest.fixture
def victim(tmp_path):
    return make_victim(tmp_path)


@pytest.fixture(autouse=True)
def no_sudo(monkeypatch):
    monkeypatch.delenv("SUDO_UID", raising=False)


def test_writes_atomically_with_mode_and_owner(tmp_path):
    target = tmp_path / "d" / "token"
    write_file(target, "secret\n", 0o640, make_dir=0o700)
    assert target.read_text() == "secret\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and stat.S_IMODE(target.parent.stat().st_mode) == 0o700
    write_file(target, b"new\n", 0o600)
    assert target.read_text() == "new\n" and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in target.parent.iterdir()] == ["token"]  # no temporary file left over


@as_root
def test_the_owner_is_set_on_the_descriptor(tmp_path):
    target = tmp_path / "token"
    write_file(target, "x", 0o600, owner=(OTHER, OTHER), strict=True)
    assert (target.stat().st_uid, target.stat().st_gid) == (OTHER, OTHER)


def test_a_link_at_the_final_name_is_replaced_not_followed(tmp_path, victim):
    d = tmp_path / "state"
    d.mkdir()
    (d / "admin-token").symlink_to(victim)
    write_file(d / "admin-token", "token\n", 0o600, strict=True)
    assert untouched(victim)
    assert not (d / "admin-token").is_symlink() and (d / "admin-token").read_text() == "token\n"


def test_a_link_at_the_temporary_name_is_never_written_through(tmp_path, victim, monkeypatch):
    d = tmp_path / "state"
    d.mkdir()
    names = iter(["aaaa", "bbbb"])
    monkeypatch.setattr(secure_files.secrets, "token_hex", lambda n: next(names))
    (d / ".admin-token.aaaa.tmp").symlink_to(victim)  # guessed right: O_EXCL refuses the name
    write_file(d / "admin-token", "token\n", 0o600, strict=True)
    assert untouched(victim)
    assert (d / "admin-token").read_text() == "token\n" and (d / ".admin-token.aaaa.tmp").is_symlink()


@as_root
def test_a_folder_owned_by_another_user_is_refused(tmp_path, victim):
    d = tmp_path / "bobs"
    d.mkdir()
    os.chown(d, OTHER, OTHER)
    with pytest.raises(UnsafePath) as err:
        write_file(d / "admin-token", "token\n", strict=True)
    assert f"refusing to write in {d}: it is owned by {OTHER}" in str(err.value)
    assert f"fix: sudo chown root {d}" in str(err.value)
    assert list(d.iterdir()) == [] and untouched(victim)


@pytest.mark.parametrize("mode, who", [(0o775, "its group may write"), (0o757, "everyone may write"),
                                       (0o777, "its group and everyone may write")])
def test_a_folder_others_may_write_is_refused(tmp_path, mode, who):
    d = tmp_path / "shared"
    d.mkdir()
    d.chmod(mode)
    with pytest.raises(UnsafePath, match=f"{who} in it \\(mode 0{mode:o}\\).*\n  fix: sudo chmod go-w {d}$"):
        write_file(d / "cards.toml", "x", strict=True)
    assert list(d.iterdir()) == []


def test_a_sticky_folder_is_passed_through_but_not_written_into(tmp_path):
    d = tmp_path / "tmp"
    d.mkdir()
    d.chmod(0o1777)
    (d / "mine").mkdir()
    write_file(d / "mine" / "f", "ok")
    assert (d / "mine" / "f").read_text() == "ok"
    with pytest.raises(UnsafePath, match="(?s)everyone may write.*a folder of your own inside it"):
        write_file(d / "f", "x", strict=True)


@as_root
def test_a_linked_folder_planted_by_another_user_is_refused(tmp_path, victim):
    shared = tmp_path / "shared"  # like /tmp: anyone may add a name
    shared.mkdir()
    shared.chmod(0o1777)
    link = shared / "journals"
    link.symlink_to(tmp_path)  # would make admin-token land beside the victim
    os.lchown(link, OTHER, OTHER)
    with pytest.raises(UnsafePath, match=f"(?s){link}: it is a link owned by {OTHER} in {shared}.*sudo rm {link}"):
        write_file(link / "victim", "token\n", strict=True)
    assert untouched(victim)


@as_root
def test_a_linked_folder_inside_another_users_folder_is_refused(tmp_path, victim):
    bobs = tmp_path / "bobs"
    bobs.mkdir()
    (bobs / "journals").symlink_to(tmp_path)
    os.chown(bobs, OTHER, OTHER)
    with pytest.raises(UnsafePath, match=f"in {bobs}: it is owned by {OTHER}"):
        write_file(bobs / "journals" / "victim", "token\n", strict=True)
    assert untouched(victim)


def test_a_link_only_a_trusted_user_could_make_is_followed(tmp_path):
    real = tmp_path / "data" / "clacks"
    real.mkdir(parents=True)
    (tmp_path / "state").symlink_to("data/clacks")  # the owner moved the folder; relative, too
    write_file(tmp_path / "state" / "cards.toml", "x", strict=True)
    assert (real / "cards.toml").read_text() == "x"
    (tmp_path / "up").symlink_to(tmp_path / "data" / "clacks" / ".." / "..")
    write_file(tmp_path / "up" / "data" / "f", "y", strict=True)
    assert (tmp_path / "data" / "f").read_text() == "y"


def test_a_file_where_a_folder_should_be_is_not_a_folder(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError):
        write_file(tmp_path / "file" / "x", "y")
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(OSError, match="too many links"):
        write_file(tmp_path / "loop" / "x", "y")


def test_not_as_root_a_shared_folder_is_used_but_a_link_is_still_not_followed(tmp_path, victim):
    d = tmp_path / "shared"
    d.mkdir()
    d.chmod(0o775)
    (d / "out.json").symlink_to(victim)
    write_file(d / "out.json", "{}", strict=False)
    assert untouched(victim) and (d / "out.json").read_text() == "{}"


def test_reading_and_creating_never_follow_a_link(tmp_path, victim):
    (tmp_path / "admin-token").symlink_to(victim)
    with SafeDir.open(tmp_path, strict=True) as d:
        with pytest.raises(OSError) as err:
            d.read("admin-token", 100)
        assert err.value.errno == 40  # ELOOP
        with pytest.raises(FileExistsError):
            d.create("admin-token", 0o600)
        with pytest.raises(OSError):
            d.open_file("admin-token", os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        with pytest.raises(ValueError, match="not a file name"):
            d.write("../victim", "x")
    assert untouched(victim)


@as_root
def test_a_folder_another_user_makes_first_is_checked_not_taken_over(tmp_path, monkeypatch):
    target = tmp_path / "state"
    real_mkdir = os.mkdir

    def quicker(name, mode=0o777, *, dir_fd=None):  # another user wins the race for the name
        real_mkdir(name, 0o755, dir_fd=dir_fd)
        os.chown(name, OTHER, OTHER, dir_fd=dir_fd)
        raise FileExistsError(17, "File exists")

    monkeypatch.setattr(secure_files.os, "mkdir", quicker)
    with pytest.raises(UnsafePath, match=f"it is owned by {OTHER}"):
        write_file(target / "admin-token", "x", 0o600, owner=(1, 1), make_dir=0o700, dir_owner=(1, 1),
                   trust=secure_files.trusted_uids(1), strict=True)
    assert target.stat().st_uid == OTHER and list(target.iterdir()) == []
