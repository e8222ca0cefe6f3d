"""Every part renders headless with OpenSCAD, without a warning, to the size the data says."""

from clacks_hw.hardware.build import build
from clacks_hw.hardware.meshes import stl_volume_bbox

from ..support.tools import require_tool
from .conftest import make_context


def test_every_part_renders_without_warnings_to_its_planned_size(tmp_path, monkeypatch):
    require_tool("openscad", "openscad")
    monkeypatch.setenv("CLACKS_HW_CACHE", "off")  # OpenSCAD itself, not what an earlier build kept
    ctx = make_context(tmp_path)
    ctx.render = True
    lines = []
    build(ctx, only={"OpenSCAD sources", "STL and DXF (OpenSCAD)"}, echo=lines.append)
    progress = [ln for ln in lines if ln.startswith("    render ")]  # one line per part as it finishes
    assert len(progress) == len(ctx.parts) + 1 and progress[-1].startswith(f"    render {len(progress)}/{len(progress)}: ")
    for p in ctx.parts:
        vol, size = stl_volume_bbox((tmp_path / f"enclosure/stl/{p.name}.stl").read_bytes())
        assert vol > 0, p.name
        if not p.bought:  # the STL's extent is the size the bed check used (walls print flat, the rest as placed)
            assert sorted(size) == sorted(round(v, 2) for v in p.size), (p.name, size, p.size)
    assert {p.name for p in ctx.parts if p.bought} >= {"bought/pi", "bought/hub", "bought/reader", "bought/tower_button"}
    assert (tmp_path / "enclosure/top_panel.dxf").stat().st_size > 1000
