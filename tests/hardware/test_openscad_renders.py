"""Every part renders headless with OpenSCAD, without a warning, to the size the data says."""

from clacks_hw.hardware.build import build
from clacks_hw.hardware.pieces import pieces
from clacks_hw.hardware.render import stl_volume_bbox

from ..support.tools import require_tool
from .conftest import make_context


def test_every_part_renders_without_warnings_to_its_planned_size(tmp_path):
    require_tool("openscad", "openscad")
    ctx = make_context(tmp_path)
    ctx.render = True
    build(ctx, only={"OpenSCAD sources", "STL, DXF and parts table (OpenSCAD)"}, echo=lambda line: None)
    for p in pieces(ctx.lay):
        vol, size = stl_volume_bbox((tmp_path / f"enclosure/stl/{p.name}.stl").read_bytes())
        assert vol > 0, p.name
        # The STL's extent is the size the bed check used (walls print flat, the rest as placed).
        assert sorted(size) == sorted(round(v, 2) for v in p.size), (p.name, size, p.size)
    assert "fits the bed" in (tmp_path / "enclosure/parts.md").read_text()
