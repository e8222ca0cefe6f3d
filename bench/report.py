"""The benchmarks' figures as data, and docs/benchmarks.md written from them.

bench/figures.json is the one source. Each bench keeps there the values its last run measured
("runs": its name -> values, commit, day, load) and the rows its own ``rows(values)`` formats
from them, an area per table. A bench writes both with ``record(__file__, rows, values)``, so
no row's text is typed by hand: ``--rewrite`` formats every row again from the stored values
through its bench's code (after a bench's wording changed, or to check), and
tests/test_benchmarks_doc.py fails while a row is not what its bench writes, or the doc not
what this renders; a figure README.md quotes is filled in from its row the same way. Figures of
past runs as their change reported them (ranges over runs, comparisons with commits long gone,
a run of ``make fuzz``) are kept apart, in "history", and rendered as such.

    python bench/report.py              # writes docs/benchmarks.md from bench/figures.json
    python bench/report.py --check      # exit 1 if docs/benchmarks.md or README.md's figures are stale
    python bench/report.py --rewrite    # every bench's rows formatted again from its stored values
"""

from __future__ import annotations

import contextlib
import datetime
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
# CLACKS_BENCH_FIGURES: another figures.json to read and write, its doc beside it (a test that
# runs a bench, or run.py, leaves the repository's alone)
FIGURES = Path(os.environ.get("CLACKS_BENCH_FIGURES") or BENCH / "figures.json")
DOC = ROOT / "docs" / "benchmarks.md" if FIGURES == BENCH / "figures.json" else FIGURES.with_name("benchmarks.md")
README = ROOT / "README.md"
# A figure the README quotes: <!-- bench RUN KEY -->the row's quote<!-- /bench -->, filled from figures.json
QUOTE = re.compile(r"<!-- bench (\S+) (\S+) -->(.*?)<!-- /bench -->", re.S)
ROW_FIELDS = ("bench", "key", "what", "measured", "target", "commit", "date")
HISTORY_FIELDS = ("area", "what", "measured", "target", "commit", "date")
AREA_FIELDS = ("key", "title", "benches", "rows")


class Row(NamedTuple):
    """One row a bench formats from its values: the table (area key), its own key, the text, and
    the few words another page may quote of it (the README)."""

    area: str
    key: str
    what: str
    measured: str
    target: str
    quote: str = ""


def fig(value, spec: str = ".1f") -> str:
    """A measured value as the rows show it; a pair [low, high] is the range over the runs a
    change reported (values recorded before a bench kept its own), shown "low-high"."""
    if isinstance(value, (list, tuple)):
        low, high = (format(v, spec) for v in value)
        return low if low == high else f"{low}-{high}"
    return format(value, spec)


def sig(value) -> str:
    """A time to three significant figures (0.0812, 8.12, 812), or a range of them."""
    if isinstance(value, (list, tuple)):
        return "-".join(dict.fromkeys(sig(v) for v in value))
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


class FiguresError(ValueError):
    """bench/figures.json is not what the generator reads; the message names where and why."""


def load(path: Path = FIGURES) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError) as exc:
        raise FiguresError(f"{path}: cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise FiguresError(f"{path}: not JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    check(data, path)
    return data


def _texts(entry, fields, at: str, kind: str) -> None:
    bad = [f for f in fields if not isinstance(entry, dict) or not isinstance(entry.get(f), str)]
    if bad:
        raise FiguresError(f"{at}: {', '.join(bad)} must be text (a {kind} has {', '.join(fields)})")


def check(data, where: Path | str = FIGURES) -> None:
    """Every area, row, run and history entry has its fields, as text (benches: a list of names)."""
    if not isinstance(data, dict) or not isinstance(data.get("areas"), list):
        raise FiguresError(f"{where}: expected an object with a list \"areas\"")
    for field in ("machine", "intro"):
        if not isinstance(data.get(field), str):
            raise FiguresError(f"{where}: \"{field}\" must be text")
    if not isinstance(data.setdefault("runs", {}), dict) or not isinstance(data.setdefault("history", []), list):
        raise FiguresError(f"{where}: \"runs\" must be an object (bench -> its run), \"history\" a list")
    keys = set()
    for i, area in enumerate(data["areas"]):
        at = f"{where}: areas[{i}]"
        missing = [f for f in AREA_FIELDS if not isinstance(area, dict) or f not in area]
        if missing:
            raise FiguresError(f"{at}: missing {', '.join(missing)} (an area has {', '.join(AREA_FIELDS)})")
        if area["key"] in keys:
            raise FiguresError(f"{at}: key {area['key']!r} used twice; each area's key is its own")
        keys.add(area["key"])
        if not isinstance(area["benches"], list) or not all(isinstance(b, str) for b in area["benches"]):
            raise FiguresError(f"{at} ({area['key']}): \"benches\" must be a list of file names in bench/")
        for j, row in enumerate(area["rows"]):
            _texts(row, ROW_FIELDS, f"{at} ({area['key']}) rows[{j}]", "row")
            if row["bench"] not in data["runs"]:
                raise FiguresError(f"{at} ({area['key']}) rows[{j}]: {row['bench']} has no run in \"runs\"; "
                                   "a row is written by its bench's record(), with the values it formats")
    for name, run in data["runs"].items():
        _texts(run, ("commit", "date"), f"{where}: runs[{name!r}]", "run")
        if not isinstance(run.get("values"), dict):
            raise FiguresError(f"{where}: runs[{name!r}]: \"values\" must be an object (what the bench measured)")
    for j, entry in enumerate(data["history"]):
        _texts(entry, HISTORY_FIELDS, f"{where}: history[{j}]", "history entry")
        if entry["area"] not in keys:
            raise FiguresError(f"{where}: history[{j}]: no area {entry['area']!r}")


def cell(text: str) -> str:
    """A row's text inside a Markdown table cell: a bar would end the cell, a newline the row."""
    return text.replace("\\|", "|").replace("|", "\\|").replace("\n", " ")


def recorded(row: dict) -> str:
    bench = f"`{row['bench']}`" if row.get("bench") else ""
    return ", ".join(filter(None, (bench, row["commit"], row["date"], row.get("load"))))


def table(rows: list[dict]) -> list[str]:
    return ["| what | measured | target | recorded |", "|---|---|---|---|"] + [
        f"| {cell(r['what'])} | {cell(r['measured'])} | {cell(r['target'])} | {recorded(r)} |" for r in rows]


def render(data: dict) -> str:
    out = ["# Benchmarks", "",
           "<!-- Written by `python bench/report.py` from bench/figures.json, whose rows the benches write: "
           "edit neither by hand. -->", "",
           data["intro"], "",
           f"Machine: {data['machine']}. Every row of a table is written by the bench it names, from the values "
           "its last run measured, with the commit, the day and the load of that run; `make bench` writes them "
           "all again (`python bench/run.py engine leds` runs only the benches named). Under \"History\" are figures of past runs as the change that measured them reported them: "
           "not current figures.",
           ""]
    out += ["Tables:", ""] + [f"- [{a['title']}](#{a['key']})" for a in data["areas"]] + [""]
    out += ["```sh", "python bench/report.py --check   # these tables are the ones bench/figures.json gives",
            "```", ""]
    for area in data["areas"]:
        out += [f'<a id="{area["key"]}"></a>', "", f"## {area['title']}", ""]
        benches = ", ".join(f"`bench/{b}`" for b in area["benches"]) or "none in bench/"
        out += [f"Measured by: {benches}.", ""]
        if area["rows"]:
            out += table(area["rows"]) + [""]
        else:
            out += ["No current figure: no bench has recorded a row here since the rows became the benches' own.", ""]
        if area.get("note"):
            out += [area["note"], ""]
        past = [h for h in data["history"] if h["area"] == area["key"]]
        if past:
            out += ["### History (past runs, not current figures)", "",
                    "Each measured at the commit and on the day it names and kept as that change reported it: "
                    "ranges over several runs, idle figures, comparisons with code since gone."
                    + (" The table above holds the current figures." if area["rows"] else ""), ""]
            out += table(past) + [""]
    return "\n".join(out)


def this_commit() -> str:
    """The commit measured; a checkout with changes to its code says so, since they were measured too."""
    try:
        proc = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    except OSError:  # no git on the PATH: the figures are kept all the same
        return "commit unknown (no git)"
    if proc.returncode != 0:
        return "no git commit"
    changed = subprocess.run(["git", "status", "--porcelain", "--", "clacks_hw", "bench/*.py", "bench/*/"],
                             cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return proc.stdout.strip() + (" with changes not committed" if changed else "")


def put_rows(data: dict, bench: str, rows: list[Row], run: dict) -> None:
    """The bench's rows in their areas, stamped with its run: each in the place of the row of the
    same key (new ones after the area's last), and the bench's rows it no longer writes gone."""
    areas = {a["key"]: a for a in data["areas"]}
    for row in rows:
        if row.area not in areas:
            raise FiguresError(f"{bench}: no area {row.area!r}; the areas are {', '.join(areas)}")
    new = {(r.area, r.key): {"bench": bench, "key": r.key, "what": r.what, "measured": r.measured,
                             "target": r.target, "commit": run["commit"], "date": run["date"],
                             **({"load": run["load"]} if run.get("load") else {}),
                             **({"quote": r.quote} if r.quote else {})} for r in rows}
    if len(new) != len(rows):
        raise FiguresError(f"{bench}: two rows with one key; each row's key is its own")
    for key, area in areas.items():
        kept = [new.pop((key, r["key"]), None) if r["bench"] == bench else r for r in area["rows"]]
        area["rows"] = [r for r in kept if r is not None]
    for (key, _), row in new.items():
        areas[key]["rows"].append(row)


def record(bench_file: str, rows, values: dict, part: str = "", run: dict | None = None, path: Path | None = None,
           doc: Path | None = None) -> list[Row]:
    """A bench's run kept as data: its ``values`` (JSON), stamped with this checkout's commit,
    today and the machine's load as it finished (or ``run``'s own stamp, for values measured
    before), and the rows ``rows(values)`` formats from them; the doc is written again with
    them, so a bench run alone leaves the two agreeing. A bench whose parts run apart (one of
    them for an hour) records each as ``part``, formatted by its ``rows_<part>``: the run's
    name is then "bench_NAME.py:part"."""
    bench = Path(bench_file).name + (f":{part}" if part else "")
    expected = f"rows_{part}" if part else "rows"
    if rows.__name__ != expected:  # what --rewrite will call to format them again
        raise FiguresError(f"{bench}: its rows are formatted by {expected}(), not {rows.__name__}()")
    values = json.loads(json.dumps(values))  # what a rewrite will read back: tuples as lists
    run = run or {"commit": this_commit(), "date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
                  "load": f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"}
    path = path or FIGURES
    data = load(path)
    formatted = list(rows(values))
    data["runs"][bench] = {**run, "values": values}
    put_rows(data, bench, formatted, run)
    write(data, path, doc)
    return formatted


def quoted(text: str, data: dict) -> str:
    """``text`` with every figure it quotes (QUOTE) as the row of that run and key gives it now."""
    rows = {(r["bench"], r["key"]): r for a in data["areas"] for r in a["rows"]}

    def fill(m):
        row = rows.get((m[1], m[2]))
        if row is None or not row.get("quote"):
            raise FiguresError(f"README.md quotes {m[1]} {m[2]}, which no row of bench/figures.json gives a quote")
        return f"<!-- bench {m[1]} {m[2]} -->{row['quote']}<!-- /bench -->"
    return QUOTE.sub(fill, text)


def write(data: dict, path: Path = FIGURES, doc: Path | None = None) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    (doc or DOC).write_text(render(data))
    if (doc or DOC) == ROOT / "docs" / "benchmarks.md":  # the repository's own: its README quotes it
        write_readme(data)


def write_readme(data: dict) -> None:
    text = README.read_text()
    if quoted(text, data) != text:
        README.write_text(quoted(text, data))


@contextlib.contextmanager
def _as_script(path: Path):
    """Import a bench as ``make bench`` runs it: bench/ and the checkout on the path, no arguments."""
    argv, sys_path = sys.argv, list(sys.path)
    sys.argv = [str(path)]
    sys.path[:0] = [str(BENCH), str(ROOT)]
    try:
        yield
    finally:
        sys.argv, sys.path[:] = argv, sys_path


def formatter(run_name: str):
    """The function of the bench's own code that formats a run's rows: ``rows`` or ``rows_<part>``."""
    name, _, part = run_name.partition(":")
    path = BENCH / name
    if not path.is_file():
        raise FiguresError(f"bench/{name} does not exist; its run in bench/figures.json names it")
    spec = importlib.util.spec_from_file_location(f"bench_rows_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    with _as_script(path):
        spec.loader.exec_module(module)
    fn = getattr(module, f"rows_{part}" if part else "rows", None)
    if not callable(fn):
        raise FiguresError(f"bench/{name} has no {f'rows_{part}' if part else 'rows'}(values): "
                           "the function that formats its rows")
    return fn


def rewrite(data: dict, benches=None) -> dict:
    """Every run's rows formatted again from its stored values by its bench's own rows()."""
    for name in benches or list(data["runs"]):
        run = data["runs"][name]
        put_rows(data, name, list(formatter(name)(run["values"])), run)
    return data


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]) and argv[:1] != ["--rewrite"]:
        print(f"usage: python bench/report.py [--check | --rewrite [bench_NAME.py ...]]; not {' '.join(argv)!r}",
              file=sys.stderr)
        return 2
    try:
        data = load(FIGURES)
        if argv[:1] == ["--rewrite"]:
            unknown = [b for b in argv[1:] if b not in data["runs"]]
            if unknown:
                raise FiguresError(f"no run of {', '.join(unknown)}; the runs are {', '.join(data['runs'])}")
            write(rewrite(data, argv[1:]), FIGURES)
            return 0
        text = render(data)
        readme = README.read_text()
        fresh = quoted(readme, data)
    except FiguresError as exc:
        print(f"bench/report.py: {exc}", file=sys.stderr)
        return 2
    if argv == ["--check"]:
        stale = [name for name, ok in (("docs/benchmarks.md", DOC.exists() and DOC.read_text() == text),
                                       ("README.md's figures", fresh == readme)) if not ok]
        if stale:
            print(f"{' and '.join(stale)} not what bench/figures.json gives: write them again with "
                  "python bench/report.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text)
    if fresh != readme and DOC == ROOT / "docs" / "benchmarks.md":
        README.write_text(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
