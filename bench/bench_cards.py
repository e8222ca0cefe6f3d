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
    for paper in ("a4", "letter"):
        best, med = seconds(lambda p=paper: render(ed, p))
        print(f"cards PDF, default edition, {paper}: {med * 1000:.0f} ms median ({best * 1000:.0f} ms best), "
              f"{len(render(ed, paper)[0]) // 1024} KiB")
    best, med = seconds(lambda: all_faces(ed, sizes, fonts.width))
    print(f"  the drawings alone ({len(all_faces(ed, sizes, fonts.width))} items, no PDF): "
          f"{med * 1000:.1f} ms median")
    faces = all_faces(ed, sizes, fonts.width)
    best, med = seconds(lambda: [svg(f) for f in faces])
    print(f"  alternative: the same drawings as one SVG each: {med * 1000:.1f} ms median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
