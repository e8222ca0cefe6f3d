"""Every file a command writes where it is told (reports, cards, the alphabet card, the build
files, the hall's database) is written through secure_files: a link at the name is replaced
(or refused), never written through, whoever runs it."""

from __future__ import annotations

import json
import os
import sqlite3
import stat

import pytest
from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.drivers.frame import PIXELS
from clacks_hw.mqtt.schema import convert
from clacks_hw.hall.store import HallStore
from tests.hardware.conftest import make_context
from tests.selftest.test_selftest_cli import selftest
from tests.support.planted import as_root, make_victim, untouched
from tests.testing.test_hil_cli import GOOD, hil


@pytest.fixture
def victim(tmp_path):
    return make_victim(tmp_path)


def test_the_alphabet_card(tmp_path, victim):
    out = tmp_path / "alphabet.svg"
    out.symlink_to(victim)
    r = CliRunner().invoke(cli, ["alphabet-card", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert untouched(victim) and not out.is_symlink() and out.read_text().startswith("<svg")
    r = CliRunner().invoke(cli, ["alphabet-card", "-o", str(tmp_path / "no" / "such" / "a.svg")])
    assert r.exit_code == 2 and "cannot write" in r.output and "Traceback" not in r.output


def test_the_selftest_report(tmp_path, victim):
    (tmp_path / "journals").mkdir()
    (tmp_path / "r.json").symlink_to(victim)
    out = selftest(tmp_path, "--part", "journal", "--json", str(tmp_path / "r.json"), answers="\n" * (PIXELS + 1))
    assert out.returncode == 0, out.stdout + out.stderr
    assert untouched(victim) and json.loads((tmp_path / "r.json").read_text())["passed"] is True


def test_the_hil_junit_report(tmp_path, victim):
    (tmp_path / "good.hil").write_text(GOOD)
    (tmp_path / "out.xml").symlink_to(victim)
    out = hil("good.hil", "--junit", "out.xml", cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert untouched(victim) and (tmp_path / "out.xml").read_text().startswith("<?xml")


def test_the_build_files(tmp_path, victim):
    (tmp_path / "wiring").mkdir()
    (tmp_path / "wiring" / "pins.md").symlink_to(victim)
    ctx = make_context(tmp_path)
    path = ctx.write("wiring/pins.md", "# pins\n")
    assert untouched(victim) and path.read_text() == "# pins\n" and not path.is_symlink()


def test_the_cards_pdf(tmp_path, victim):
    pytest.importorskip("reportlab", reason="the print extra: pip install 'clacks-hw[print]'")
    (tmp_path / "cards.pdf").symlink_to(victim)
    r = CliRunner().invoke(cli, ["cards", "--pdf", str(tmp_path / "cards.pdf")])
    assert r.exit_code == 0, r.output
    assert untouched(victim) and (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")


def test_the_hall_database(tmp_path, victim):
    (tmp_path / "hall.sqlite").symlink_to(victim)
    with pytest.raises(sqlite3.OperationalError, match="cannot open .*hall.sqlite"):
        HallStore(tmp_path / "hall.sqlite")
    assert untouched(victim)
    fresh = HallStore(tmp_path / "new.sqlite")
    assert fresh.record("b1", convert("result", {"game": "n1-0000abcd", "mode": "competitive", "seats": ["S", "N"],
                                                 "winner": "S", "actions": 30}))
    assert stat.S_IMODE(os.stat(tmp_path / "new.sqlite").st_mode) == 0o644


@as_root
def test_as_root_a_folder_another_user_controls_is_exit_2_from_any_command(tmp_path):
    bobs = tmp_path / "bobs"
    bobs.mkdir()
    os.chown(bobs, 4242, 4242)
    r = CliRunner().invoke(cli, ["alphabet-card", "-o", str(bobs / "a.svg")])
    assert r.exit_code == 2 and f"refusing to write in {bobs}: it is owned by 4242" in r.output
    assert list(bobs.iterdir()) == []
