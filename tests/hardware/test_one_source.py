"""Changing a pin in the config regenerates the pin table."""

from clacks_hw.hardware.build import build

from .conftest import make_context


def _build(tmp_path, **kw):
    ctx = make_context(tmp_path, **kw)
    build(ctx, echo=lambda line: None)
    return ctx, lambda rel: (tmp_path / rel).read_text()


def test_a_moved_pin_reaches_the_pin_table(tmp_path):
    _, read = _build(tmp_path, overrides={"buttons.pins.PLAY": 2, "buttons.pins.BACK": 3, "buttons.pins.R1": 4,
                                          "buttons.pins.R2": 17, "buttons.pins.R3": 27, "buttons.pins.R4": 22})
    assert "| PLAY | 2 | 3 |" in read("wiring/pins.md")
