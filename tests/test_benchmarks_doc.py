"""docs/benchmarks.md is written from bench/figures.json by bench/report.py, so the figures it
shows are the data's: a doc edited by hand, or data changed without writing the doc again,
fails here. Every bench has a table to record into."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from tests.support.imports import ROOT

spec = importlib.util.spec_from_file_location("bench_report", ROOT / "bench" / "report.py")
report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(report)


def test_the_doc_is_what_the_figures_give():
    assert (ROOT / "docs/benchmarks.md").read_text() == report.render(report.load()), \
        "docs/benchmarks.md is stale: write it again with python bench/report.py"


def test_check_fails_on_a_stale_doc(tmp_path, monkeypatch, capsys):
    doc = tmp_path / "benchmarks.md"
    monkeypatch.setattr(report, "DOC", doc)
    assert report.main([]) == 0 and report.main(["--check"]) == 0
    doc.write_text(doc.read_text().replace("22.5-33.3 us", "1 us"))
    assert report.main(["--check"]) == 1
    assert "python bench/report.py" in capsys.readouterr().err


def test_every_bench_has_a_table_and_every_named_bench_exists():
    named = {b for area in report.load()["areas"] for b in area["benches"]}
    on_disk = {p.name for p in (ROOT / "bench").glob("bench_*.py")}
    assert on_disk - named == set(), "benches with no table in bench/figures.json"
    assert {b for b in named if not (ROOT / "bench" / b).is_file()} == set()


def test_a_table_per_area_each_with_its_rows():
    text = report.render(report.load())
    for area in report.load()["areas"]:
        assert area["rows"], f"area {area['key']} has no figures"
        assert f"## {area['title']}" in text
    assert "| apply one action (median) | 22.5-33.3 us" in text


def test_a_bar_in_a_figure_stays_in_its_cell():
    assert report.cell("hub|rdm6300") == report.cell("hub\\|rdm6300") == "hub\\|rdm6300"


@pytest.mark.parametrize("broken,named", [
    ({"machine": "m", "intro": "i"}, "\"areas\""),
    ({"machine": "m", "intro": "i", "areas": [{"key": "a", "title": "t", "benches": []}]}, "areas[0]: missing rows"),
    ({"machine": "m", "intro": "i", "areas": [{"key": "a", "title": "t", "benches": [],
                                               "rows": [{"what": "w", "measured": 3}]}]}, "measured, target, commit, date"),
])
def test_broken_figures_are_named_not_a_traceback(tmp_path, monkeypatch, capsys, broken, named):
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps(broken))
    monkeypatch.setattr(report, "FIGURES", figures)
    monkeypatch.setattr(report.load, "__defaults__", (figures,))
    assert report.main([]) == 2
    assert named in capsys.readouterr().err


def test_record_replaces_the_row_and_stamps_it(tmp_path):
    figures = tmp_path / "figures.json"
    figures.write_text((ROOT / "bench/figures.json").read_text())
    doc = tmp_path / "benchmarks.md"
    report.record("engine", "apply one action (median)", "20.0 us", "<= 25 us", path=figures, doc=doc)
    rows = report.load(figures)["areas"][0]["rows"]
    assert doc.read_text() == report.render(report.load(figures))
    row = [r for r in rows if r["what"] == "apply one action (median)"]
    assert len(row) == 1 and row[0]["measured"] == "20.0 us" and "load average" in row[0]["load"]
    with pytest.raises(report.FiguresError, match="no area 'nowhere'"):
        report.record("nowhere", "x", "y", path=figures, doc=doc)


def test_every_area_a_bench_records_into_exists():
    keys = {area["key"] for area in report.load()["areas"]}
    calls = {(p.name, key) for p in (ROOT / "bench").glob("bench_*.py")
             for key in re.findall(r"\brecord\(\s*\"([^\"]+)\"", p.read_text())}
    assert len(calls) >= 3  # the benches that record still do
    assert {(name, key) for name, key in calls if key not in keys} == set()
    for name, _ in calls:  # each imports the recorder it calls (run as a script, bench/ is on its path)
        assert "from report import record" in (ROOT / "bench" / name).read_text(), name
