"""The benchmarks' figures as data, and docs/benchmarks.md written from them.

bench/figures.json is the one source: an area per table (its benches, its rows), each row what
was timed, the figure measured, the target, and the commit and day it was recorded. A bench
records a row with ``record(...)``; ``make bench`` (bench/run.py) writes the doc again after
the benches ran, and tests/test_benchmarks_doc.py fails while the committed doc differs from
what this writes, so the figures shown cannot go stale.

    python bench/report.py           # writes docs/benchmarks.md from bench/figures.json
    python bench/report.py --check   # exit 1 if docs/benchmarks.md is not what it would write
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "bench" / "figures.json"
DOC = ROOT / "docs" / "benchmarks.md"
ROW_FIELDS = ("what", "measured", "target", "commit", "date")
AREA_FIELDS = ("key", "title", "benches", "rows")


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


def check(data, where: Path | str = FIGURES) -> None:
    """Every area and row has its fields, as text (benches: a list of names)."""
    if not isinstance(data, dict) or not isinstance(data.get("areas"), list):
        raise FiguresError(f"{where}: expected an object with a list \"areas\"")
    for field in ("machine", "intro"):
        if not isinstance(data.get(field), str):
            raise FiguresError(f"{where}: \"{field}\" must be text")
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
            bad = [f for f in ROW_FIELDS if not isinstance(row, dict) or not isinstance(row.get(f), str)]
            if bad:
                raise FiguresError(f"{at} ({area['key']}) rows[{j}]: {', '.join(bad)} must be text "
                                   f"(a row has {', '.join(ROW_FIELDS)})")


def cell(text: str) -> str:
    """A row's text inside a Markdown table cell: a bar would end the cell, a newline the row."""
    return text.replace("\\|", "|").replace("|", "\\|").replace("\n", " ")


def recorded(row: dict) -> str:
    return ", ".join(filter(None, (row["commit"], row["date"], row.get("load"))))


def render(data: dict) -> str:
    out = ["# Benchmarks", "",
           "<!-- Written by `python bench/report.py` from bench/figures.json: edit that, not this. -->", "",
           data["intro"], "",
           f"Machine: {data['machine']}. Each row names the commit that last wrote its figures, and that day; "
           "a row \"the latest ... run\" is written by that bench each time it runs (with the load it ran under), "
           "the others are the figures of the runs reported, as their change wrote them.", ""]
    out += ["Tables:", ""] + [f"- [{a['title']}](#{a['key']})" for a in data["areas"]] + [""]
    out += ["```sh", "python bench/report.py --check   # these tables are the ones bench/figures.json gives",
            "```", ""]
    for area in data["areas"]:
        out += [f'<a id="{area["key"]}"></a>', "", f"## {area['title']}", ""]
        benches = ", ".join(f"`bench/{b}`" for b in area["benches"]) or "none in bench/"
        out += [f"Measured by: {benches}.", ""]
        out += ["| what | measured | target | recorded |", "|---|---|---|---|"]
        out += [f"| {cell(r['what'])} | {cell(r['measured'])} | {cell(r['target'])} | {recorded(r)} |"
                for r in area["rows"]]
        out.append("")
        if area.get("note"):
            out += [area["note"], ""]
    return "\n".join(out)


def this_commit() -> str:
    """The commit measured; a checkout with changes to its code says so, since they were measured too."""
    proc = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        return "no git commit"
    changed = subprocess.run(["git", "status", "--porcelain", "--", "clacks_hw", "bench/*.py", "bench/*/"],
                             cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return proc.stdout.strip() + (" with changes not committed" if changed else "")


def record(area_key: str, what: str, measured: str, target: str = "", path: Path = FIGURES,
           doc: Path | None = None) -> None:
    """A bench's figure, kept as data: the row named ``what`` in that area replaced (or added),
    stamped with this checkout's commit, today and the machine's load as it finished; the doc
    is written again with it, so a bench run alone leaves the two agreeing."""
    data = load(path)
    area = next((a for a in data["areas"] if a["key"] == area_key), None)
    if area is None:
        raise FiguresError(f"no area {area_key!r} in {path}; the areas are {', '.join(a['key'] for a in data['areas'])}")
    row = {"what": what, "measured": measured, "target": target, "commit": this_commit(),
           "date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
           "load": f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"}
    rows = area["rows"]
    same = [i for i, r in enumerate(rows) if r["what"] == what]
    if same:
        rows[same[0]] = row
    else:
        rows.append(row)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    (doc or DOC).write_text(render(data))


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print(f"usage: python bench/report.py [--check]; not {' '.join(argv)!r}", file=sys.stderr)
        return 2
    try:
        text = render(load())
    except FiguresError as exc:
        print(f"bench/report.py: {exc}", file=sys.stderr)
        return 2
    if argv == ["--check"]:
        if not DOC.exists() or DOC.read_text() != text:
            print("docs/benchmarks.md is not what bench/figures.json gives: write it again with "
                  "python bench/report.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
