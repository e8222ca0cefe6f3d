"""The base as printed: four corner quarters with their walls, flush with the panel's outline,
joined by dovetails and a tongue and groove, with heat-set inserts for the panel's screws,
holes for the jack and the USB socket's screws, a slot at the Pi's microSD card, vents, and a
cradle holding each card reader. Checked by probing the committed STLs (mesh.contains)."""

import math
from pathlib import Path

import pytest

from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.joints import QUARTERS, floor_tabs, lid_inserts, quarter_of, wall_seams
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.mesh import contains, read_stl
from clacks_hw.hardware.vents import sizing
from clacks_hw.hardware.walls import fixed_holes, vent_holes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lay():
    return layout(load_hardware())


@pytest.fixture(scope="module")
def base():
    return {c: read_stl((ROOT / f"enclosure/stl/base_{c.lower()}.stl").read_bytes()) for c in QUARTERS}


def _at(lay, x, y, z):
    """A plan point (y south) in the STL's frame (y north)."""
    return (x, lay.width - y, z)


def _inside(base, lay, x, y, z):
    return {c for c, m in base.items() if contains(m, _at(lay, x, y, z))}


def test_the_walls_stand_flush_with_the_panels_rounded_outline(lay, base):
    r, w = lay.hw.board["panel"]["corner_radius"], lay.width
    for c, m in base.items():
        assert m.bounds[1][2] == pytest.approx(lay.z_panel), f"{c}: the panel rests on the wall tops"
        for x, y, _ in m.vertices:  # nothing outside the panel's outline
            cx, cy = min(max(x, r), w - r), min(max(y, r), w - r)
            assert math.hypot(x - cx, y - cy) <= r + 1e-3, (c, x, y)
    for x, y in ((0, 0), (w, 0), (0, w), (w, w)):  # and the corner's arc reaches it
        mid = (x + (r - r * math.cos(math.pi / 4)) * (1 if x == 0 else -1),
               y + (r - r * math.cos(math.pi / 4)) * (1 if y == 0 else -1))
        assert any(math.dist(mid, v[:2]) < 1e-2 for m in base.values() for v in m.vertices), mid


def test_walls_meet_in_a_tongue_and_groove(lay, base):
    fit, (tw, td) = lay.hw.board["joints"]["fit"], lay.hw.board["joints"]["tongue"]
    for side, axis, _, tongue in wall_seams(lay):
        xs, ys = [p[0] for p in tongue.outline], [p[1] for p in tongue.outline]
        mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        tip = (max(xs) - 0.5, mid[1]) if axis == "x" else (mid[0], max(ys) - 0.5)
        assert _inside(base, lay, *tip, 30) == {tongue.owner}, side
        gap = (tip[0], max(ys) + fit / 2) if axis == "x" else (max(xs) + fit / 2, tip[1])
        assert _inside(base, lay, *gap, 30) == set(), f"{side}: the groove is {tw + 2 * fit} mm for a {tw} mm tongue"
        beside = (tip[0], max(ys) + fit + 0.5) if axis == "x" else (max(xs) + fit + 0.5, tip[1])
        assert _inside(base, lay, *beside, 30) == {tongue.other}, side


def test_floor_dovetails_slide_under_the_neighbours_floor(lay, base):
    j = lay.hw.board["joints"]
    tabs = floor_tabs(lay)
    assert len(tabs) == 4 * len(j["dovetails"])
    for tab in tabs:
        (_, ra, ha, hb, rb, _) = tab.outline
        head = ((ha[0] + hb[0]) / 2 * 0.8 + (ra[0] + rb[0]) / 2 * 0.2, (ha[1] + hb[1]) / 2 * 0.8 + (ra[1] + rb[1]) / 2 * 0.2)
        assert _inside(base, lay, *head, j["dovetail_height"] / 2) == {tab.owner}, tab
        assert _inside(base, lay, *head, j["dovetail_height"] + j["fit"] + 0.5) == {tab.other}, "the roof over it"


def test_the_panel_screws_into_heat_set_inserts_in_every_quarter(lay, base):
    ins = lay.hw.parts["insert_m3"]
    inserts = lid_inserts(lay)
    assert {i.quarter for i in inserts if i.name.startswith("lid")} == set(QUARTERS)
    for i in inserts:
        assert _inside(base, lay, i.x, i.y, i.z_top - ins["length"] / 2) == set(), f"{i.name}: no hole for the insert"
        ring = ins["hole"] / 2 + 0.6
        for a in range(0, 360, 45):
            p = (i.x + ring * math.cos(math.radians(a)), i.y + ring * math.sin(math.radians(a)))
            assert _inside(base, lay, *p, i.z_top - ins["length"] / 2) == {i.quarter}, (i.name, a)
    panel_holes = {(h.x, h.y) for h in lay.holes_of("screw")}
    assert panel_holes == {(i.x, i.y) for i in inserts}


def test_the_jack_the_usb_screws_and_the_sd_slot_go_through_the_wall(lay, base):
    t = lay.hw.board["enclosure"]["wall"]
    for h in fixed_holes(lay):
        u, z = h.u, (h.span.z0 + min(h.span.z1, h.span.z0 + 4)) / 2
        x, y = {"N": (u, t / 2), "S": (u, lay.width - t / 2), "W": (t / 2, u), "E": (lay.width - t / 2, u)}[h.side]
        assert _inside(base, lay, x, y, z) == set(), h.name
    names = {h.name for h in fixed_holes(lay)}
    assert {"power jack", "USB socket", "USB screw 1", "USB screw 2", "microSD slot"} <= names


def test_the_microsd_card_is_reachable_through_its_slot(lay, base):
    pi = next(m for m in lay.mounted if m.name == "pi")
    y_mid, width, stands_out = lay.hw.parts["pi"]["sd"]
    card_end = pi.outline.x0 - stands_out
    assert 0 < card_end < lay.hw.board["enclosure"]["wall"], "the card ends inside the wall's thickness"
    for dy in (-width / 2 + 0.5, 0, width / 2 - 0.5):  # open from the card's end to the outside
        for x in (0.1, card_end):
            assert _inside(base, lay, x, pi.outline.y0 + y_mid + dy, pi.z0 - 1) == set()


def test_the_vents_are_cut_as_many_as_the_power_budget_needs(lay, base):
    holes, need = vent_holes(lay)
    assert need == sizing(lay, lay.heat_w).slots and len(holes) == 2 * need
    t = lay.hw.board["enclosure"]["wall"]
    for h in holes:
        x, y = {"N": (h.u, t / 2), "S": (h.u, lay.width - t / 2), "W": (t / 2, h.u), "E": (lay.width - t / 2, h.u)}[h.side]
        assert _inside(base, lay, x, y, (h.span.z0 + h.span.z1) / 2) == set(), h.name


def test_each_reader_sits_in_its_cradle_at_its_read_range(lay, base):
    rd, part = lay.hw.board["readers"], lay.hw.parts["reader"]
    for r in lay.readers:
        q = quarter_of(lay, (r.board.x0 + r.board.x1) / 2, (r.board.y0 + r.board.y1) / 2)
        z_mid = r.z_top - part["size"][2] / 2
        b = r.board
        side = b.x0 if r.corner.endswith("W") else b.x1
        out = -1 if r.corner.endswith("W") else 1
        y = (b.y0 + b.y1) / 2
        assert _inside(base, lay, side + out * rd["fit"] / 2, y, z_mid) == set(), "fit beside the board"
        assert _inside(base, lay, side + out * (rd["fit"] + 0.5), y, z_mid) == {q}, "the fence"
        assert _inside(base, lay, side - out * 1.5, y, r.z_top - part["size"][2] - 0.5) == {q}, "a rail under it"
        for x, py in r.pegs:
            assert _inside(base, lay, x, py, z_mid) == {q}, "a peg through the hole"
            assert _inside(base, lay, x + part["hole"] / 2 - rd["fit"] / 2, py, z_mid) == set()
        for x, py in r.screws:
            assert _inside(base, lay, x, py, r.z_top - part["size"][2] - 3) == set(), "a pilot hole"
        tag = lay.z_panel + lay.hw.board["panel"]["thickness"] - r.z_top
        assert tag == pytest.approx(7.0) and tag <= rd["read_range"]
