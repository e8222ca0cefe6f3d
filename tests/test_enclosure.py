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


def _boxes_overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_every_label_is_engraved_clear_of_the_cut_outs_the_edge_and_the_other_labels():
    # A name inside a lamp window falls out with the cut-out; one across a hole is unreadable.
    boxes = {name: panel.label_box(name, x, y, anchor) for name, x, y, anchor in LAYOUT["labels"]}
    assert set(boxes) == set(HOLES)
    for name, box in boxes.items():
        assert 1 <= box[0] and box[2] <= LAYOUT["width"] - 1 and 1 <= box[1] and box[3] <= LAYOUT["height"] - 1, name
        for i, sx, sy, size in LAYOUT["windows"]:
            assert not _boxes_overlap(box, (sx - 0.5, sy - 0.5, sx + size + 0.5, sy + size + 0.5)), f"{name} on lamp {i}"
        for other, (x, y, d) in HOLES.items():
            r = d / 2 + 0.5
            assert not _boxes_overlap(box, (x - r, y - r, x + r, y + r)), f"label {name} on hole {other}"
    names = list(boxes)
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            assert not _boxes_overlap(boxes[names[a]], boxes[names[b]]), f"{names[a]} on {names[b]}"
