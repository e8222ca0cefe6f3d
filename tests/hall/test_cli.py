"""`clacks-hw hall pair` and `clacks-hw hall export` on bad input: a message saying what is wrong
and how to fix it, exit 2 (1 when no hall answers), never a traceback; the export of a real
database, as CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from clacks_hw.cli import cli
from clacks_hw.mqtt import schema
from clacks_hw.mqtt.signing import SigningKey
from clacks_hw.hall.store import HallStore
from clacks_hw.hall.tournament import counted
from tests.web.live import free_port


def run(*args):
    r = CliRunner().invoke(cli, ["hall", *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


def test_export_says_what_is_wrong(tmp_path):
    assert run("export")[0] == 2 and "--config HALL.toml or --db FILE" in run("export")[1]
    bad = tmp_path / "junk.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    code, out = run("export", "--db", str(bad))
    assert code == 2 and "junk.sqlite" in out and "fix: give the hall's SQLite file" in out
    code, out = run("export", "--config", str(tmp_path / "none.toml"))
    assert code == 2 and "cannot read it" in out and "Traceback" not in out


def test_export_writes_every_result(tmp_path):
    db = tmp_path / "hall.sqlite"
    store = HallStore(db)
    store.record("alpha", schema.convert("result", {"game": "n1-0000000a", "mode": "klackers", "seats": ["S", "N"],
                                                    "winner": "S and N", "actions": 12, "names": {"S": "Zoë"}}))
    [game] = counted([("alpha", schema.to_data(r), t) for _, r, t in store.results()], [])
    store.corrections().add("a1b2c3", game, "void", "a test")
    store.close()
    code, out = run("export", "--db", str(db))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows[0]["players"] == "S=Zoë" and rows[0]["voided"] == "yes" and rows[0]["winner"] == "S and N"
    code, out = run("export", "--db", str(db), "--format", "json", "--out", str(tmp_path / "r.json"))
    data = json.loads((tmp_path / "r.json").read_text())
    assert code == 0 and data["results"][0]["winner_names"] == ["Zoë"] and data["results"][0]["corrections"][0]["reason"] == "a test"
    code, out = run("export", "--db", str(db), "--out", str(tmp_path / "no" / "such" / "r.csv"))
    assert code == 2 and "--out" in out and "fix:" in out
    (tmp_path / "elsewhere").write_text("keep me")
    (tmp_path / "r.csv").symlink_to(tmp_path / "elsewhere")  # never written through
    code, out = run("export", "--db", str(db), "--out", str(tmp_path / "r.csv"))
    assert code == 0 and (tmp_path / "elsewhere").read_text() == "keep me"
    assert not (tmp_path / "r.csv").is_symlink() and "n1-0000000a" in (tmp_path / "r.csv").read_text()


def test_pair_says_what_is_wrong(tmp_path):
    toml = tmp_path / "hall.toml"
    toml.write_text(f"[page]\nport = {free_port()}\n")
    code, out = run("pair", "--config", str(toml))
    assert code == 2 and "no hall.key" in out and "clacks-hw hall setup" in out
    toml.write_text(f'[page]\nport = {free_port()}\n[hall]\nkey = "{SigningKey.generate().text}"\n')
    code, out = run("pair", "--config", str(toml))
    assert code == 1 and "no hall answers" in out and "start it first" in out
    toml.write_text("[page\n")
    code, out = run("pair", "--config", str(toml))
    assert code == 2 and "not valid TOML" in out
