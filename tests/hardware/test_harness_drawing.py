"""WireViz (with Debian's graphviz) draws the harness the pin map describes."""

from clacks_hw.hardware.build import build

from ..support.tools import require_module, require_tool
from .conftest import make_context


def test_the_harness_for_four_readers_is_drawn_with_every_reader_and_button(tmp_path):
    require_module("wireviz")
    require_tool("dot", "graphviz")
    ctx = make_context(tmp_path, overrides={"reader.seats": ["S", "W", "N", "E"]})
    ctx.render = True
    build(ctx, only={"harness (WireViz source)", "harness drawing (WireViz, graphviz)"}, echo=lambda line: None)
    svg = (tmp_path / "wiring/harness.svg").read_text()
    for name in ["RC522_S", "RC522_W", "RC522_N", "RC522_E", "JACK", "J1", "J2", "J3", "J4", "PI", "PI_USBC",
                 "PICO_USB", "LED_lamp_0"]:
        assert f">{name}<" in svg, name
    for name, _ in ctx.cfg.buttons.pins:
        assert f">{name}<" in svg, name
