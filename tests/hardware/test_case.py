"""The laser-cut case: its files are current, and its layers, as OpenSCAD cuts and extrudes
them, fit the board, the screws, the Pi, the USB-C plug, the switches and the keycaps."""

from pathlib import Path

import pytest

from clacks_hw.hardware import dxf
from clacks_hw.hardware.case.geometry import case, usb_plug
from clacks_hw.hardware.case.outputs import LASER, cut_list_md, solids, sources, write_all
from clacks_hw.hardware.data import load_hardware
from clacks_hw.hardware.meshes import box_solid, cylinder_solid, stl_manifold

from ..support.tools import require_tool

ROOT = Path(__file__).resolve().parents[2]
EPS = 1e-3  # mm3: touching faces share no volume


@pytest.fixture(scope="module")
def c():
    return case(load_hardware())


@pytest.fixture(scope="module")
def meshes(c, tmp_path_factory):
    require_tool("openscad", "openscad")
    folder = tmp_path_factory.mktemp("case")
    return {name: stl_manifold(path.read_bytes(), name).translate([0, 0, c.layer(name).z0])
            for name, path in solids(c, folder).items()}


def _box(x0, y0, z0, x1, y1, z1, width):
    """A box in the plan (y south) as a solid in OpenSCAD's frame (y north), where the STLs are."""
    return box_solid([x0, width - y1, z0, x1 - x0, y1 - y0, z1 - z0])


def _loops(c, name):
    return dxf.polylines((ROOT / f"{LASER}/dxf/{name}.dxf").read_text())


def _boxes(loops):
    return [(min(p[0] for p in lp), min(p[1] for p in lp), max(p[0] for p in lp), max(p[1] for p in lp)) for lp in loops]


def test_the_committed_case_files_are_what_the_data_makes_today(c, tmp_path):
    require_tool("openscad", "openscad")
    made = write_all(c, tmp_path)
    stale = [str(p.relative_to(tmp_path)) for p in made if (ROOT / p.relative_to(tmp_path)).read_bytes() != p.read_bytes()]
    assert not stale, f"stale: {stale}; regenerate with clacks_hw.hardware.case.outputs.write_all"
    again = write_all(c, tmp_path / "again")
    assert [p.read_bytes() for p in made] == [p.read_bytes() for p in again]  # byte-identical on rebuild


def test_the_plate_stands_where_the_mx_switches_want_it(c):
    plate = c.layer("plate")
    assert abs(plate.z1 - c.board_top - c.data["plate"]["over_board"]) <= c.data["plate"]["tolerance"]
    assert c.layer("ledge").z1 == c.z_board
    assert all(a.z1 == b.z0 for a, b in zip(c.layers, c.layers[1:]))  # each layer on the one below


def test_each_switch_cut_out_is_centred_on_its_switch_and_cut_to_size(c):
    kerf, w = c.data["cut"]["kerf"], c.data["plate"]["cutout"]
    boxes = _boxes(_loops(c, "plate"))
    for p in c.parts("socket"):
        x, y = p.at[0], c.width - p.at[1]
        hits = [b for b in boxes if abs((b[0] + b[2]) / 2 - x) < 0.01 and abs((b[1] + b[3]) / 2 - y) < 0.01
                and abs(b[2] - b[0] - (w - kerf)) < 0.01]
        assert len(hits) == 1, f"{p.role}: no {w:g} mm cut-out (path {w - kerf:g} mm) centred on it"


def test_each_lamp_window_sits_over_its_led_in_every_layer_that_lights_it(c):
    leds = c.parts("lamp_led")
    assert len(leds) == 16
    win = c.lay.hw.board["panel"]["tile_window"] - c.data["cut"]["kerf"]
    for layer in ("plate", "baffle_1", "baffle_4", "panel"):
        boxes = _boxes(_loops(c, layer))
        for p in leds:
            x, y = p.at[0], c.width - p.at[1]
            assert any(abs((b[0] + b[2]) / 2 - x) < 0.01 and abs((b[1] + b[3]) / 2 - y) < 0.01
                       and abs(b[2] - b[0] - win) < 0.01 for b in boxes), f"{layer}: no window over {p.role}"


def test_every_screw_and_standoff_passes_every_layer_it_goes_through(c, meshes):
    s = c.data["screws"]
    plate = c.layer("plate")
    top = c.height - (s["top"]["length"])
    for x, y in s["at"]:
        yy = c.width - y
        standoff = cylinder_solid([x, yy, c.layer("bottom").z1, s["standoff"]["flats"], s["standoff"]["length"]])
        screw = cylinder_solid([x, yy, top, 3.0, s["top"]["length"]])
        under = cylinder_solid([x, yy, 0.0, 3.0, s["bottom"]["length"]])
        for name, m in meshes.items():
            for what, solid in (("standoff", standoff), ("top screw", screw), ("bottom screw", under)):
                assert (m ^ solid).volume() < EPS, f"the {what} at ({x:g}, {y:g}) hits the {name}"
    # the standoff fills the lower stack exactly, and each screw holds in it
    assert s["standoff"]["length"] == pytest.approx(plate.z0 - c.layer("bottom").z1)
    assert s["top"]["length"] - (c.height - plate.z0) >= s["min_engage"]
    assert s["bottom"]["length"] - c.layer("bottom").thickness >= s["min_engage"]
    assert s["feet"]["height"] > s["bottom"]["head_height"]


def test_no_two_layers_share_volume(c, meshes):
    names = list(meshes)
    for a, b in zip(names, names[1:]):
        assert (meshes[a] ^ meshes[b]).volume() < EPS, f"{a} and {b} overlap"


def _hanging(c):
    """The board and what hangs under it: the Pi Zero on its socket, the Pico on its two."""
    u = c.data["under"]
    out = []
    j2 = c.board.part("J2")
    pi = u["pi"]
    w, h = pi["size"]
    z_pcb = c.z_board - u["socket"] - u["header_plastic"]
    x_mid = j2.at[0] + 24.13  # the 2x20 socket's middle: 19 pitches of 2.54 mm east of pin 1
    out.append(("Pi Zero 2 WH", (x_mid - w / 2, j2.at[1] - pi["header_edge"], z_pcb - pi["pcb"] - pi["below"],
                                 x_mid + w / 2, j2.at[1] - pi["header_edge"] + h, z_pcb)))
    pico = u["pico"]
    j3, j4 = c.board.part("J3"), c.board.part("J4")
    xm = (j3.at[0] + j4.at[0]) / 2
    pw, pl = pico["size"]
    out.append(("Pico H", (xm - pw / 2, j3.at[1] - 1.6, z_pcb - pico["pcb"] - pico["below"],
                           xm + pw / 2, j3.at[1] - 1.6 + pl, z_pcb)))
    return out


def test_the_pi_and_the_pico_fit_above_the_bottom_sheet_inside_the_lower_rings(c, meshes):
    floor = c.layer("bottom").z1 + c.data["under"]["clearance"]
    for name, (x0, y0, z0, x1, y1, z1) in _hanging(c):
        assert z0 >= floor, f"{name} reaches {z0:.1f} mm, below the bottom sheet's {floor:.1f} mm"
        solid = _box(x0, y0, z0, x1, y1, z1, c.width)
        for layer, m in meshes.items():
            assert (m ^ solid).volume() < EPS, f"{name} hits the {layer}"
    sockets = c.board_top - c.thickness - c.data["under"]["hot_swap"]
    assert sockets > floor


def test_the_board_fits_its_frame_and_rests_on_the_ledge(c, meshes):
    from clacks_hw.hardware.case.geometry import outline
    o = outline(c)
    board = _box(o.x0, o.y0, c.z_board, o.x1, o.y1, c.board_top, c.width)
    for layer, m in meshes.items():
        assert (m ^ board).volume() < EPS, f"the board hits the {layer}"
    below = _box(o.x0, o.y0, c.z_board - 0.5, o.x1, o.y1, c.z_board, c.width)
    assert (meshes["ledge"] ^ below).volume() > 100  # the ledge is under its edge


def test_the_usb_c_plug_reaches_the_inlet_through_its_tunnel(c, meshes):
    x0, y0, z0, x1, y1, z1 = usb_plug(c)
    plug = _box(x0, y0, z0, x1, y1, z1, c.width)
    for layer, m in meshes.items():
        assert (m ^ plug).volume() < EPS, f"the USB-C plug hits the {layer}"
    assert y0 < 0  # open to the outside


def test_the_keycaps_clear_every_layer_up_and_pressed_and_stand_above_the_panel(c, meshes):
    from manifold3d import CrossSection, Manifold
    k = c.data["keycap"]
    plate_top = c.layer("plate").z1
    for p in c.parts("socket"):
        for down in (0.0, k["travel"]):
            z = plate_top + k["seat"] - down
            cap = Manifold.extrude(CrossSection.square([k["base"], k["base"]], center=True), k["height"],
                                   scale_top=[k["top"] / k["base"]] * 2).translate([p.at[0], c.width - p.at[1], z])
            for layer, m in meshes.items():
                assert (m ^ cap).volume() < EPS, f"{p.role}'s keycap hits the {layer} ({'pressed' if down else 'up'})"
        assert plate_top + k["seat"] + k["height"] - k["travel"] >= c.height + k["proud"]


def test_the_board_lifts_out_with_only_the_readers_unplugged(c):
    """Nothing of the case holds the board but the frame round its edge and the switches from
    above: no layer under the plate crosses the board, and every reader header has a well."""
    from clacks_hw.hardware.case.geometry import outline
    o = outline(c)
    for name in ("frame", "spacer"):
        assert any(x.shape == "rect" and x.v[0] <= o.x0 and x.v[2] >= o.x1 and x.v[1] <= o.y0 and x.v[3] >= o.y1
                   for x in c.layer(name).cuts)
    wells = {x.what for x in c.layer("plate").cuts if x.what.startswith("well")}
    assert wells == {f"well over {ref}" for ref, *_ in c.board.readers}


def test_the_cut_list_prices_every_layer_and_counts_the_screws(c):
    text = cut_list_md(c)
    for layer in c.layers:
        assert f"| {layer.title} |" in text
    assert f"| {len(c.data['screws']['at'])} |" in text
    assert "Totals (estimates)" in text
    assert set(sources(c)) >= {f"scad/{x.name}_cut.scad" for x in c.layers}


def test_the_case_pictures_are_drawn_from_todays_views(c):
    """Each step picture (and the exploded one) is OpenSCAD's drawing of the view the data
    makes today, its numbered labels naming each layer and screw the step adds."""
    import json

    from clacks_hw.hardware.case.pictures import views
    manifest = json.loads((ROOT / f"{LASER}/renders/manifest.json").read_text())
    now = views(c)
    assert set(manifest) == {f"{name}.png" for name in now}
    assert len(now) == len(c.data["step"]) + 1
    import hashlib
    for name, (title, src) in now.items():
        assert manifest[f"{name}.png"]["view_sha256"] == hashlib.sha256(src.encode()).hexdigest(), \
            f"renders/{name}.png is stale: run clacks_hw.hardware.case.pictures.render"
        assert (ROOT / f"{LASER}/renders/{name}.png").read_bytes().startswith(b"\x89PNG")
    step = now["step-1"][1]
    assert 'text("1  bottom sheet"' in step and "M3 x 8" in step


def test_the_boards_bill_prices_the_case_as_its_cut_list_does(c):
    from clacks_hw.hardware.case.outputs import prices
    from clacks_hw.hardware.mainboard.data import load_mainboard

    assert load_mainboard()["buy"]["case"]["eur"] == round(prices(c)["each_shared"], 2)


def test_no_engraved_name_lies_over_another_hole_and_a_row_of_names_reads_alike():
    """The south seat's window sits below the TURN key, where that key's name went: the control
    row's names go above their keys, all five, and no name's letters cross a hole."""
    from dataclasses import replace

    from clacks_hw.hardware.case.scad import _label_box, clear_labels, panel_holes
    from clacks_hw.hardware.panel_svg import labels
    c = case(load_hardware())
    holes = panel_holes(c)
    size = c.lay.hw.board["panel_print"]["label_size"]
    naive = labels(replace(c.lay, holes=holes))
    placed = clear_labels(holes, naive, size)
    by_name = {h.name: h for h in holes}

    def crosses(text, x, y, a):
        x0, y0, x1, y1 = _label_box(text, x, y, a, size)
        return [h.name for h in holes if h.name != text and
                max(x0 - h.x, 0, h.x - x1) ** 2 + max(y0 - h.y, 0, h.y - y1) ** 2 < (h.d / 2) ** 2]

    assert crosses(*next(p for p in naive if p[0] == "TURN")) == ["seat S"]  # what the fix is for
    assert all(crosses(*p) == [] for p in placed), [(p[0], crosses(*p)) for p in placed if crosses(*p)]
    controls = [p for p in placed if by_name[p[0]].kind == "control"]
    assert len(controls) == 5 and all(y < by_name[t].y for t, x, y, a in controls)
    towers = [p for p in placed if by_name[p[0]].kind == "tower"]
    assert towers == [p for p in naive if by_name[p[0]].kind == "tower"]  # untouched where nothing was in the way
