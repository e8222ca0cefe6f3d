"""The panel is drawn from the engine's towers: buttons at the centre of their six lamps,
every engraved label clear of the cut-outs."""

import math

from clacks_hw.game.clacks.board import TOWERS, lamps_of
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.panel_svg import label_box, labels


def test_every_tower_button_sits_at_the_centre_of_its_six_lamps():
    lay = layout(load_hardware())
    holes = {h.name: h for h in lay.holes}
    for t in TOWERS:
        cells = [divmod(i, 4) for i in lamps_of(t.mask)]
        assert math.isclose(holes[t.name].x, lay.margin + lay.pitch * (0.5 + sum(c for _, c in cells) / 6))
        assert math.isclose(holes[t.name].y, lay.margin + lay.pitch * (0.5 + sum(r for r, _ in cells) / 6))


def test_the_panel_has_every_tower_control_and_seat():
    lay = layout(load_hardware())
    names = {h.name for h in lay.holes}
    assert names == ({t.name for t in TOWERS} | {"PREV", "NEXT", "TURN", "PLAY", "BACK"}
                     | {f"seat {s}" for s in "SWNE"})
    assert len(lay.windows) == 16


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_every_label_is_engraved_clear_of_the_cut_outs_the_edge_and_the_other_labels():
    lay = layout(load_hardware())
    size = lay.hw.board["panel"]["label_size"]
    boxes = {name: label_box(name, x, y, anchor, size) for name, x, y, anchor in labels(lay)}
    for name, box in boxes.items():
        assert 1 <= box[0] and box[2] <= lay.width - 1 and 1 <= box[1] and box[3] <= lay.width - 1, name
        for i, w in lay.windows:
            assert not _overlap(box, (w.x0 - 0.5, w.y0 - 0.5, w.x1 + 0.5, w.y1 + 0.5)), f"{name} on lamp {i}"
        for h in lay.holes:
            r = h.d / 2 + 0.5
            assert not _overlap(box, (h.x - r, h.y - r, h.x + r, h.y + r)), f"label {name} on hole {h.name}"
    names = list(boxes)
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            assert not _overlap(boxes[names[a]], boxes[names[b]]), f"{names[a]} on {names[b]}"
