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
