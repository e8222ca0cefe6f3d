"""The writer: every line is fsync'd before append returns; reopening appends after the end."""

from __future__ import annotations

import os

import pytest

from clacks_hw.journal import JournalError, JournalWriter, read_journal

from .test_replay_games import config, header_obj

END = {"seat": "S", "act": "end"}


def test_append_flushes_and_fsyncs_before_returning(tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    synced = []

    def fsync(fd):
        # What is on disk at fsync time must already hold the line being appended.
        synced.append(path.read_bytes().count(b"\n"))

    with JournalWriter.create(path, header_obj(config())) as w:
        monkeypatch.setattr(os, "fsync", fsync)
        w.append({"seat": "S", "act": "move", "tower": "R2"})
        assert synced == [2]
        w.append(END)
        assert synced == [2, 3]


def test_create_fsyncs_the_header_and_the_directory(tmp_path, monkeypatch):
    calls = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(fd) or real(fd))
    JournalWriter.create(tmp_path / "g.jsonl", header_obj(config())).close()
    assert len(calls) == 2  # the file, then its directory entry


def test_reopen_appends_after_the_existing_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    with JournalWriter.create(path, header_obj(config())) as w:
        w.append({"seat": "S", "act": "move", "tower": "R2"})
    with JournalWriter.open(path) as w:
        assert len(w.journal.entries) == 1 and w.warnings == []
        w.append(END)
    journal = read_journal(path)
    assert [(e.line, e.action.act) for e in journal.entries] == [(2, "move"), (3, "end")]


def test_create_never_overwrites_a_journal(tmp_path):
    path = tmp_path / "g.jsonl"
    JournalWriter.create(path, header_obj(config())).close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="already exists"):
        JournalWriter.create(path, header_obj(config()))
    assert path.read_bytes() == before


def test_create_refuses_a_bad_header_without_writing(tmp_path):
    path = tmp_path / "g.jsonl"
    with pytest.raises(JournalError, match="seed"):
        JournalWriter.create(path, {**header_obj(config()), "seed": "one"})
    assert not path.exists()


def test_two_writers_cannot_append_to_one_journal(tmp_path):
    path = tmp_path / "g.jsonl"
    first = JournalWriter.create(path, header_obj(config()))
    with pytest.raises(JournalError, match="another process"):
        JournalWriter.open(path)
    first.close()
    JournalWriter.open(path).close()  # the lock goes with the first writer


def test_open_a_missing_journal_is_a_journal_error(tmp_path):
    with pytest.raises(JournalError, match="cannot open"):
        JournalWriter.open(tmp_path / "nope.jsonl")
