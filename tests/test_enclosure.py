"""The top panel is drawn from the board geometry: buttons where the engine's towers are,
nothing cutting into a lamp window, and the committed SVG up to date."""

import importlib.util
import math
from pathlib import Path

from clacks_hw.game.board import TOWERS, lamps_of

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("generate_panel", ROOT / "enclosure" / "generate_panel.py")
panel = importlib.util.module_from_spec(spec)
spec.loader.exec_module(panel)

P = panel.load()
LAYOUT = panel.layout(P)
HOLES = {name: (x, y, d) for name, x, y, d in LAYOUT["holes"]}


def test_committed_svg_matches_the_generator():
    assert panel.main(["--check"]) == 0, "run: python enclosure/generate_panel.py"


def test_every_tower_button_sits_at_the_centre_of_its_six_lamps():
    pitch, m = P["tile_pitch"], P["margin"]
    for t in TOWERS:
        x, y, _ = HOLES[t.name]
        cells = [divmod(i, 4) for i in lamps_of(t.mask)]
        assert math.isclose(x, m + pitch * (0.5 + sum(c for _, c in cells) / 6))
        assert math.isclose(y, m + pitch * (0.5 + sum(r for r, _ in cells) / 6))


def _circle_hits_square(cx, cy, r, sx, sy, size):
    nx, ny = min(max(cx, sx), sx + size), min(max(cy, sy), sy + size)
    return math.hypot(cx - nx, cy - ny) < r


def test_no_hole_cuts_into_a_lamp_window_or_another_hole_or_the_edge():
    names = list(HOLES)
    for name, (x, y, d) in HOLES.items():
        for i, sx, sy, size in LAYOUT["windows"]:
            assert not _circle_hits_square(x, y, d / 2 + 1.0, sx, sy, size), f"{name} cuts lamp {i}"
        assert d / 2 + 2 <= x <= LAYOUT["width"] - d / 2 - 2 and d / 2 + 2 <= y <= LAYOUT["height"] - d / 2 - 2, name
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            (xa, ya, da), (xb, yb, db) = HOLES[names[a]], HOLES[names[b]]
            assert math.hypot(xa - xb, ya - yb) > (da + db) / 2 + 2, f"{names[a]} too close to {names[b]}"


def test_the_panel_has_every_control_and_seat():
    assert {f"seat {s}" for s in "SWNE"} | set(P["controls"]) | {t.name for t in TOWERS} == set(HOLES)
    assert len(LAYOUT["windows"]) == 16
