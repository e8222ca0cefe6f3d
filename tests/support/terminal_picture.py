"""The README's first picture: a game in progress as `clacks-hw demo` draws it on an 80x24
terminal (the move just played on top, the position below), drawn as an SVG from the same
text, so the picture is what the command shows today.

Re-run after the text board changes (tests/test_terminal_picture.py fails until you do):

    .venv/bin/python -m tests.support.terminal_picture     # writes docs/img/terminal-demo.svg
"""

from __future__ import annotations

import random
import sys
from xml.sax.saxutils import escape

from tests.support.imports import ROOT

SVG = ROOT / "docs" / "img" / "terminal-demo.svg"
SEED, PLAYERS, AFTER = 7, 4, 30  # a 4-player game, 30 actions in: hands, faults and letters sent
COLUMNS, ROWS = 80, 24
CELL_W, CELL_H, PAD = 8.4, 17, 12
COLOURS = {"●": "#ffd75f", ">": "#5fd7ff"}  # lit lamps and the seat to play stand out, as on a board


def screen(seed: int = SEED, players: int = PLAYERS, after: int = AFTER) -> list[str]:
    """The terminal's lines after ``after`` actions of the demo game ``seed``."""
    from clacks_hw.commands.demo_cmd import demo_config, screen
    from clacks_hw.game.clacks.bots import bot_action
    from clacks_hw.game.clacks.edition_files import default_edition
    from clacks_hw.game.core.engine import apply, new_game
    from clacks_hw.views.text_board import render

    edition = default_edition()
    state = new_game(edition, demo_config(edition, "competitive", players, seed, "easy", ()))
    rng, action = random.Random(seed), None
    for _ in range(after):  # the demo's own moves: its players, its seed
        action = bot_action(state, rng)
        state = apply(state, action)
    return [f"--- {action}", *screen(render(state, actions=after)).splitlines()]


def svg(lines: list[str]) -> str:
    width, height = COLUMNS * CELL_W + 2 * PAD, ROWS * CELL_H + 2 * PAD
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="clacks-hw demo on an 80x24 terminal">',
           f'<rect width="100%" height="100%" rx="6" fill="#1c1c1c"/>',
           '<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" fill="#d0d0d0">']
    for row, line in enumerate(lines[:ROWS]):
        y = PAD + (row + 0.8) * CELL_H
        # Each run of characters placed at its own column: the grid holds in any font, and no
        # viewer can collapse the spaces that line the board up.
        spans = []
        for col, run in _runs(line[:COLUMNS]):
            fill = f' fill="{COLOURS[run[0]]}"' if run[0] in COLOURS else ""
            spans.append(f'<tspan x="{PAD + col * CELL_W:.1f}"{fill}>{escape(run)}</tspan>')
        if spans:
            out.append(f'<text y="{y:.1f}">{"".join(spans)}</text>')
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)


def _runs(line: str):
    """(column, text) for each run of non-blank characters of one colour."""
    col = 0
    while col < len(line):
        if line[col] == " ":
            col += 1
            continue
        start, colour = col, COLOURS.get(line[col])
        while col < len(line) and line[col] != " " and COLOURS.get(line[col]) == colour:
            col += 1
        yield start, line[start:col]


def main() -> None:
    SVG.parent.mkdir(parents=True, exist_ok=True)
    SVG.write_text(svg(screen()))
    print(f"wrote {SVG.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
