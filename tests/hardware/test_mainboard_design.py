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


def test_the_design_has_every_fitted_part_on_the_board_in_kicads_frame():
    d = design(BOARD)
    w, h = size(BOARD)
    assert d["size"] == [w, h] == [206.0, 248.0]
    refs = [p["ref"] for p in d["parts"]]
    assert "D33" not in refs and len(refs) == sum(p.fitted for p in BOARD.parts)
    assert all(0 < p["at"][0] < w and 0 < p["at"][1] < h for p in d["parts"])
    assert next(p for p in d["parts"] if p["ref"] == "D1")["at"] == [75.0 - 47.0, 75.0 - 40.0, 0.0]
    assert [z["net"] for z in d["zones"]] == ["GND", "+5V"]


def _joined(tracks, vias, terminals) -> bool:
    """Every terminal of the net reached through its tracks and vias (endpoints within 0.2 mm)."""
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
    near = all(min(math.dist(p, (t.x, t.y)) for p in points) < 0.6 for t in terminals)
    return near and len(groups) == 1


def test_the_router_joins_each_led_to_the_next():
    nets = ["DIN_2", "DIN_3", "DIN_18"]  # lamp to lamp, and a tower key's LED to the next
    r = route(BOARD, nets)
    assert r["unrouted"] == []
    _, terminals = pad_shapes(SimpleNamespace(parts=routable(BOARD)), {p.ref: kicad_at(BOARD, p) for p in BOARD.parts})
    for net in nets:
        tracks = [t for t in r["tracks"] if t[0] == net]
        vias = [v for v in r["vias"] if v[0] == net]
        assert tracks and _joined(tracks, vias, terminals[net]), net


def test_the_projects_own_footprints_route_a_switch_socket_under_the_board_and_the_fuse():
    r = route(BOARD, ["BTN_R1", "VBUS"])  # a socket's pad on the bottom copper; the PTC's
    assert r["unrouted"] == []
    assert {t[0] for t in r["tracks"]} == {"BTN_R1", "VBUS"}
    assert any(t[0] == "BTN_R1" and t[1] == 1 for t in r["tracks"]) or any(v[0] == "BTN_R1" for v in r["vias"])
