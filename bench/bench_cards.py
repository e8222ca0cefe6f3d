"""Print-and-play PDF: how long `clacks-hw cards --pdf` takes for the default edition.

Side by side in one run: the whole PDF (A4 and letter: fonts, 128 drawings, layout, reportlab,
compression), the drawings alone (every card as shapes in mm, no PDF), and the simplest other
output of the same drawings, one SVG text per card. No target: printing is a one-off job.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clacks_hw.game.clacks.edition_files import default_edition  # noqa: E402
from clacks_hw.printing.draw import svg  # noqa: E402
from clacks_hw.printing.faces import all_faces  # noqa: E402
from clacks_hw.printing.fonts import choose_fonts  # noqa: E402
from clacks_hw.printing.pdf import edition_texts, render  # noqa: E402
from clacks_hw.printing.sizes import load_sizes  # noqa: E402
from report import Row, record  # noqa: E402


def seconds(fn, repeats: int = 5) -> tuple[float, float]:
    """(best, median) seconds per call."""
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return min(runs), statistics.median(runs)


def main() -> int:
    ed, sizes = default_edition(), load_sizes()
    fonts = choose_fonts(edition_texts(ed))
    data, sheets = render(ed, "a4")
    assert sheets.counts()["jacquard"] == 48 and data.startswith(b"%PDF")  # the real thing
    v = {"papers": {}}
    for paper in ("a4", "letter"):
        best, med = seconds(lambda p=paper: render(ed, p))
        kib = len(render(ed, paper)[0]) // 1024
        print(f"cards PDF, default edition, {paper}: {med * 1000:.0f} ms median ({best * 1000:.0f} ms best), "
              f"{kib} KiB")
        v["papers"][paper] = {"ms": med * 1000, "kib": kib}
    best, med = seconds(lambda: all_faces(ed, sizes, fonts.width))
    v["items"], v["drawings_ms"] = len(all_faces(ed, sizes, fonts.width)), med * 1000
    print(f"  the drawings alone ({v['items']} items, no PDF): {med * 1000:.1f} ms median")
    faces = all_faces(ed, sizes, fonts.width)
    best, med = seconds(lambda: [svg(f) for f in faces])
    v["svg_ms"] = med * 1000
    print(f"  alternative: the same drawings as one SVG each: {med * 1000:.1f} ms median")
    record(__file__, rows, v)
    return 0


def rows(v: dict) -> list[Row]:
    papers = "; ".join(f"{p['ms']:.0f} ms {name} ({p['kib']} KiB)" for name, p in v["papers"].items())
    return [Row("build", "pdf", "print-and-play PDF, default edition (median of 5)",
                f"{papers}; the {v['items']} drawings alone {v['drawings_ms']:.0f} ms, as one SVG each "
                f"{v['svg_ms']:.0f} ms", "")]


if __name__ == "__main__":
    sys.exit(main())
