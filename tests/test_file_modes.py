"""Journals and the enrolment file hold the seed and the tags (so every hidden hand): 0600,
or 0640 in a set-group-ID folder (the way to share them with the service's group)."""

from __future__ import annotations

import os
import stat

import pytest

from clacks_hw.cards.enrolment import Enrolment, save_enrolment
from clacks_hw.journal import JournalWriter

from .test_replay_games import config, header_obj


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _write_both(folder):
    JournalWriter.create(folder / "g.jsonl", header_obj(config())).close()
    save_enrolment(folder / "cards.toml", Enrolment())
    return _mode(folder / "g.jsonl"), _mode(folder / "cards.toml")


def test_private_by_default(tmp_path, loose_umask):
    assert _write_both(tmp_path) == (0o600, 0o600)


def test_group_readable_in_a_set_group_id_folder(tmp_path, loose_umask):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o2750)
    assert _write_both(shared) == (0o640, 0o640)
