"""The circuit board as the KiCad pipeline's design, and the project's router laying its nets."""

import math
from types import SimpleNamespace

import pytest

from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.layout import layout
from clacks_hw.hardware.mainboard.circuit import build_board
from clacks_hw.hardware.mainboard.data import load_mainboard
from clacks_hw.hardware.mainboard.design import design, kicad_at, routable, route, size
from clacks_hw.hardware.pcb.design import pad_shapes
from clacks_hw.hardware.pcb.kicad_lib import LIBRARY

from ..support.tools import unavailable

BOARD = build_board(load_mainboard(), layout(load_hardware()))


@pytest.fixture(autouse=True)
def footprints():
    if not LIBRARY.is_dir():
        unavailable(f"KiCad's footprint library is not at {LIBRARY}", "install Debian's kicad-footprints package")


def test_the_design_has_every_part_on_the_board_in_kicads_frame():
    d = design(BOARD)
    w, h = size(BOARD)
    assert d["size"] == [w, h] == [206.0, 248.0]
    refs = [p["ref"] for p in d["parts"]]
    assert refs == [p.ref for p in BOARD.parts]  # every part: an unfitted one is DNP, its copper on the board
    assert {p["ref"] for p in d["parts"] if p.get("dnp")} == {p.ref for p in BOARD.parts if not p.fitted} >= {"D33"}
    assert all(0 < p["at"][0] < w and 0 < p["at"][1] < h for p in d["parts"])
    assert next(p for p in d["parts"] if p["ref"] == "D1")["at"] == [75.0 - 47.0, 75.0 - 40.0, 0.0]
    assert [z["net"] for z in d["zones"]] == ["GND", "+5V"]


def _joined(tracks, vias, terminals, pads) -> bool:
    """Every terminal of the net reached through its tracks and vias (endpoints within 0.2 mm),
    a track ending on each terminal's pad (anywhere on it: KiCad joins a track ending on a pad)."""
    points = [tuple(t[2]) for t in tracks] + [tuple(t[3]) for t in tracks] + [tuple(v[1]) for v in vias]
    parent = list(range(len(points)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for k, t in enumerate(tracks):  # a track joins its two ends
        parent[find(k)] = find(len(tracks) + k)
    for i, a in enumerate(points):
        for j in range(i):
            if math.dist(a, points[j]) < 0.2:
                parent[find(i)] = find(j)
    groups = {find(min(range(len(points)), key=lambda i: math.dist(points[i], (t.x, t.y)))) for t in terminals}
    pad = {(t.x, t.y): next(s for s in pads if s.kind != "seg" and s.a == (t.x, t.y)) for t in terminals}
    near = all(any(pad[(t.x, t.y)].distance(*p) == 0.0 for p in points) for t in terminals)
    return near and len(groups) == 1


def test_the_router_joins_each_led_to_the_next():
    nets = ["DIN_2", "DIN_3", "DIN_18"]  # lamp to lamp, and a tower key's LED to the next
    r = route(BOARD, nets)
    assert r["unrouted"] == []
    shapes, terminals = pad_shapes(SimpleNamespace(parts=routable(BOARD)), {p.ref: kicad_at(BOARD, p) for p in BOARD.parts})
    for net in nets:
        tracks = [t for t in r["tracks"] if t[0] == net]
        vias = [v for v in r["vias"] if v[0] == net]
        assert tracks and _joined(tracks, vias, terminals[net], [s for s in shapes if s.net == net]), net


def test_the_projects_own_footprints_route_a_switch_socket_under_the_board_and_the_fuse():
    r = route(BOARD, ["BTN_R1", "VBUS"])  # a socket's pad on the bottom copper; the PTC's
    assert r["unrouted"] == []
    assert {t[0] for t in r["tracks"]} == {"BTN_R1", "VBUS"}
    assert any(t[0] == "BTN_R1" and t[1] == 1 for t in r["tracks"]) or any(v[0] == "BTN_R1" for v in r["vias"])


def test_a_wide_track_leaves_a_fine_pitch_pad_narrow_and_a_boxed_in_pad_centre_is_met_from_its_open_side():
    """The 5 V trunk passes through Q3's pad 4 (SOT-23-6, 0.95 mm pitch): it leaves that pad by a
    0.5 mm neck, not at 1.4 mm over its neighbour; ID_BASE still reaches pad 5 beside it, whose
    centre the trunk's clearance covers, by ending on the pad's open side."""
    r = route(BOARD, ["+5V", "ID_BASE"])
    assert r["unrouted"] == []
    shapes, _ = pad_shapes(SimpleNamespace(parts=routable(BOARD)), {p.ref: kicad_at(BOARD, p) for p in BOARD.parts})
    pad4 = next(s for s in shapes if s.net == "+5V" and s.kind == "rect" and abs(s.a[0] - 66.1375) < 1e-6)
    at_pad = [t for t in r["tracks"] if t[0] == "+5V" and (pad4.distance(*t[2]) == 0 or pad4.distance(*t[3]) == 0)]
    assert at_pad and all(t[4] <= 0.5 for t in at_pad)
    assert any(t[0] == "ID_BASE" for t in r["tracks"])
