import pytest

from clacks_hw.config.load import load_config
from clacks_hw.hardware.build import Context
from clacks_hw.hardware.data import load_hardware
from clacks_hw.commands.build_files_cmd import BUILTIN_CONFIG


def make_context(out, overrides=None, config=None, **hw_overrides):
    cfg = load_config(config or BUILTIN_CONFIG, overrides=overrides, check_devices=False)
    return Context(out, cfg, load_hardware(**hw_overrides), render=False)


@pytest.fixture
def context(tmp_path):
    return lambda **kw: make_context(tmp_path, **kw)


def rendered_context(out, hw=None, seats=()):
    """A context whose OpenSCAD sources and STLs are written under ``out`` (OpenSCAD needed),
    without the layout checks build() runs first: the tests give it boards that fail them."""
    from clacks_hw.hardware.build import OUTPUTS
    ctx = make_context(out, overrides={"reader.seats": list(seats)} if seats else None)
    if hw is not None:
        ctx.hw = hw
    for o in OUTPUTS:
        if o.name in ("OpenSCAD sources", "STL and DXF (OpenSCAD)"):
            o.write(ctx)
    return ctx


@pytest.fixture(scope="session")
def shipped_board(tmp_path_factory):
    """The shipped board rendered once for the session: its context (STLs under ctx.out)."""
    from ..support.tools import require_tool
    require_tool("openscad", "openscad")
    return rendered_context(tmp_path_factory.mktemp("board"))
