"""docs/benchmarks.md is written from bench/figures.json by bench/report.py, and every row of
bench/figures.json by the bench it names: formatting each bench's stored values again through
that bench's own rows() gives back every row, word for word, so a row typed or edited by hand,
a bench whose wording changed without its rows written again, or a doc edited by hand fails
here. Figures no bench redoes are history, rendered apart, never in a table of current ones."""

from __future__ import annotations

import copy
import datetime
import importlib.util
import json
import os
import re
import subprocess
import sys

import pytest

from tests.support.imports import ROOT

spec = importlib.util.spec_from_file_location("bench_report", ROOT / "bench" / "report.py")
report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(report)

BENCHES = sorted(p.name for p in (ROOT / "bench").glob("bench_*.py")) + ["compare_commits.py"]


@pytest.fixture(scope="module")
def data():
    return report.load()


@pytest.fixture(scope="module")
def rewritten(data):
    return report.rewrite(copy.deepcopy(data))


def test_the_doc_is_what_the_figures_give(data):
    assert (ROOT / "docs/benchmarks.md").read_text() == report.render(data), \
        "docs/benchmarks.md is stale: write it again with python bench/report.py"


def test_check_fails_on_a_stale_doc(tmp_path, monkeypatch, capsys):
    doc = tmp_path / "benchmarks.md"
    monkeypatch.setattr(report, "DOC", doc)
    assert report.main([]) == 0 and report.main(["--check"]) == 0
    doc.write_text(doc.read_text().replace("| what |", "| what it is |", 1))
    assert report.main(["--check"]) == 1
    assert "python bench/report.py" in capsys.readouterr().err


def test_every_row_is_what_its_bench_formats_from_its_values(data, rewritten):
    """The dry run of each bench's formatting on the values it recorded gives back every row."""
    for ours, theirs in zip(data["areas"], rewritten["areas"]):
        assert ours["rows"] == theirs["rows"], (
            f"area {ours['key']}: a row is not what its bench writes from its values (edited by hand, or the "
            "bench's wording changed): python bench/report.py --rewrite, or run the bench")


def test_a_row_edited_by_hand_is_caught(data):
    edited = copy.deepcopy(data)
    row = next(r for a in edited["areas"] for r in a["rows"])
    row["measured"] = row["measured"].replace(row["measured"][:3], "0.1", 1) + " (typed)"
    redone = report.rewrite(copy.deepcopy(edited))
    assert redone["areas"] != edited["areas"]


def test_a_row_no_bench_wrote_fails_to_load(tmp_path, data):
    broken = copy.deepcopy(data)
    broken["areas"][0]["rows"].append({"bench": "by hand", "key": "k", "what": "w", "measured": "1 ms",
                                       "target": "", "commit": "abc", "date": "2026-01-01"})
    path = tmp_path / "figures.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(report.FiguresError, match="by hand has no run"):
        report.load(path)


def test_every_row_carries_its_bench_and_the_stamp_of_its_run(data):
    for area in data["areas"]:
        for row in area["rows"]:
            run = data["runs"][row["bench"]]
            assert (row["commit"], row["date"], row.get("load")) == (run["commit"], run["date"], run.get("load"))
            assert row["bench"].partition(":")[0] in area["benches"], \
                f"{row['bench']} writes into {area['key']}, whose Measured by does not name it"
            assert f"`{row['bench']}`" in report.recorded(row)


def test_every_bench_records_its_rows_and_has_recorded_them(data):
    """Each bench formats its own rows (rows, or rows_<part>) and records them with its values;
    each has a run stored, so its formatting is exercised by the dry run above."""
    named = {b for area in data["areas"] for b in area["benches"]}
    assert set(BENCHES) - named == set(), "benches with no table in bench/figures.json"
    assert {b for b in named if not (ROOT / "bench" / b).is_file()} == set()
    runs = {name.partition(":")[0] for name in data["runs"]}
    for bench in BENCHES:
        text = (ROOT / "bench" / bench).read_text()
        assert re.search(r"\bdef rows\(", text), f"bench/{bench} has no rows(values)"
        assert re.search(r"\brecord\(__file__, rows", text), f"bench/{bench} does not record its rows"
        assert re.search(r"^from report import Row\b.*\brecord\b", text, re.M), bench
    assert set(BENCHES) - runs <= {"compare_commits.py"}, "benches whose rows were never recorded"


def test_history_is_apart_and_says_so(data):
    text = report.render(data)
    assert data["history"], "the history this test reads"
    for entry in data["history"]:
        section = text.split(f'<a id="{entry["area"]}"></a>')[1].split("<a id=")[0]
        table_part, _, past = section.partition("### History (past runs, not current figures)")
        assert report.cell(entry["measured"]) in past and report.cell(entry["measured"]) not in table_part
        assert entry["commit"] in past and entry["date"] in past


def test_record_replaces_the_benchs_rows_and_stamps_them(tmp_path):
    figures = tmp_path / "figures.json"
    figures.write_text((ROOT / "bench/figures.json").read_text())
    doc = tmp_path / "benchmarks.md"

    def rows(v):
        return [report.Row("engine", "apply", "apply one action (median)", f"{v['us']:.1f} us", "<= 25 us")]

    report.record(str(ROOT / "bench/bench_engine.py"), rows, {"us": 20.04}, path=figures, doc=doc)
    data = report.load(figures)
    assert doc.read_text() == report.render(data)
    mine = [r for a in data["areas"] for r in a["rows"] if r["bench"] == "bench_engine.py"]
    assert [(r["key"], r["measured"]) for r in mine] == [("apply", "20.0 us")], "the rows it no longer writes gone"
    assert "load average" in mine[0]["load"] and data["runs"]["bench_engine.py"]["values"] == {"us": 20.04}

    def other(v):
        return rows(v)
    with pytest.raises(report.FiguresError, match="formatted by rows_long"):
        report.record("bench_engine.py", other, {"us": 1.0}, part="long", path=figures, doc=doc)
    def rows(v):  # noqa: F811 (a bench's rows() into an area there is not)
        return [report.Row("nowhere", "k", "w", "m", "")]
    with pytest.raises(report.FiguresError, match="no area 'nowhere'"):
        report.record("bench_engine.py", rows, {}, path=figures, doc=doc)


def test_rewrite_formats_again_through_the_bench(tmp_path, monkeypatch, data):
    figures, doc = tmp_path / "figures.json", tmp_path / "benchmarks.md"
    edited = copy.deepcopy(data)
    engine = next(a for a in edited["areas"] if a["key"] == "engine")
    engine["rows"][0]["measured"] = "typed by hand"
    figures.write_text(json.dumps(edited))
    monkeypatch.setattr(report, "FIGURES", figures)
    monkeypatch.setattr(report, "DOC", doc)
    assert report.main(["--rewrite", "nothing.py"]) == 2
    assert report.main(["--rewrite"]) == 0
    assert report.load(figures)["areas"] == data["areas"] and doc.read_text() == report.render(data)


def test_a_bar_in_a_figure_stays_in_its_cell():
    assert report.cell("hub|rdm6300") == report.cell("hub\\|rdm6300") == "hub\\|rdm6300"


def test_a_range_of_past_runs_shows_as_one():
    assert (report.fig([1.04, 2.0]), report.fig(3, ".0f"), report.fig([5, 5], ".0f")) == ("1.0-2.0", "3", "5")


@pytest.mark.parametrize("broken,named", [
    ({"machine": "m", "intro": "i"}, "\"areas\""),
    ({"machine": "m", "intro": "i", "areas": [{"key": "a", "title": "t", "benches": []}]}, "areas[0]: missing rows"),
    ({"machine": "m", "intro": "i", "areas": [{"key": "a", "title": "t", "benches": [],
                                               "rows": [{"what": "w", "measured": 3}]}]}, "bench, key, measured"),
    ({"machine": "m", "intro": "i", "areas": [], "history": [{"area": "a", "what": "w"}]}, "history[0]: measured"),
])
def test_broken_figures_are_named_not_a_traceback(tmp_path, monkeypatch, capsys, broken, named):
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps(broken))
    monkeypatch.setattr(report, "FIGURES", figures)
    assert report.main([]) == 2
    assert named in capsys.readouterr().err


FIGURE = re.compile(r"\d[\d,.]*(?:\s?(?:us|ms|s|MB|KB|KiB|MiB|games/s|x)\b|%)")


def test_the_readme_quotes_no_figure_a_bench_did_not_write(data):
    """The README links to the tables; a figure it quotes is one a bench wrote in them."""
    readme = (ROOT / "README.md").read_text()
    assert "docs/benchmarks.md" in readme
    written = " ".join(r["measured"] for a in data["areas"] for r in a["rows"])
    quoted = FIGURE.findall(readme)
    assert [f for f in quoted if f not in written] == []
    assert FIGURE.findall("wins 83.2% in 1.61 s") == ["83.2%", "1.61 s"]  # the pattern still finds figures


def test_make_bench_records_each_bench_and_ends_by_writing_the_doc(tmp_path):
    """bench/run.py (`make bench`), here on one quick bench, into a copy of the figures."""
    figures = tmp_path / "figures.json"
    figures.write_text((ROOT / "bench/figures.json").read_text())
    env = {**os.environ, "CLACKS_BENCH_FIGURES": str(figures)}
    r = subprocess.run([sys.executable, str(ROOT / "bench/run.py"), "leds"], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "== bench_leds.py (1 of 1" in r.stdout and "docs/benchmarks.md written" in r.stdout
    after = report.load(figures)
    run = after["runs"]["bench_leds.py"]
    assert run["date"] == datetime.datetime.now(datetime.timezone.utc).date().isoformat() and "load" in run
    row = next(r for a in after["areas"] for r in a["rows"] if r["bench"] == "bench_leds.py")
    assert row["measured"].startswith(f"{run['values']['encode_us']:.1f} us")
    assert (tmp_path / "benchmarks.md").read_text() == report.render(after)
    assert (ROOT / "bench/figures.json").read_text() != figures.read_text()  # the repository's left alone


def test_make_bench_names_a_bench_there_is_not():
    r = subprocess.run([sys.executable, str(ROOT / "bench/run.py"), "engin"], capture_output=True, text=True)
    assert r.returncode == 2 and "no bench_engin.py in bench/" in r.stderr and "engine" in r.stderr


def test_the_readme_figures_are_the_rows_quotes(data):
    readme = (ROOT / "README.md").read_text()
    spans = report.QUOTE.findall(readme)
    assert spans, "the README quotes a bench's figure (the hint follower's win rate)"
    rows = {(r["bench"], r["key"]): r for a in data["areas"] for r in a["rows"]}
    for run, key, text in spans:
        assert text == rows[(run, key)]["quote"], f"README.md's {run} {key} is stale: python bench/report.py"
    assert "+- " in rows[("bench_hints.py", "hints")]["quote"]  # a win rate with its two standard errors


def test_a_stale_readme_figure_fails_the_check_and_is_written_again(tmp_path, monkeypatch, capsys):
    readme = tmp_path / "README.md"
    text = (ROOT / "README.md").read_text()
    run, key, quote = report.QUOTE.findall(text)[0]
    readme.write_text(text.replace(f"-->{quote}<!--", "-->99.9% +- 0.1<!--"))
    monkeypatch.setattr(report, "README", readme)
    monkeypatch.setattr(report, "DOC", tmp_path / "benchmarks.md")
    (tmp_path / "benchmarks.md").write_text((ROOT / "docs/benchmarks.md").read_text())
    assert report.main(["--check"]) == 1 and "README.md's figures" in capsys.readouterr().err
    report.write_readme(report.load())
    assert readme.read_text() == text
    with pytest.raises(report.FiguresError, match="README.md quotes bench_nothing.py k"):
        report.quoted("<!-- bench bench_nothing.py k -->1<!-- /bench -->", report.load())


def test_a_bench_with_no_run_yet_formats_its_row_from_sample_values():
    """compare_commits.py (`make bench-compare`) has only history so far: its rows() dry-run."""
    rows = report.formatter("compare_commits.py")({
        "before": "abc1234", "rounds": 3, "games": 40, "medians": {"apply us": [14.5, 13.2], "games/s": [47.2, 48.6]},
        "board": [3674.0, 4069.0, 5000.0, 5100.0]})
    assert [(r.area, r.key) for r in rows] == [("before-after", "compare")]
    assert "against abc1234" in rows[0].what and "BEFORE=abc1234" in rows[0].what
    assert rows[0].measured.startswith("apply us 14.5 before, 13.2 after; games/s 47.2 before, 48.6 after; the board")
