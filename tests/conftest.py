"""Fixtures shared by the board's page tests (tests/web/) and the hall's (tests/hall/): one
system Chromium driven by Playwright for the whole run (a second Playwright in the same run
would refuse to start) and a real Mosquitto per test module."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.tools import require_module, require_tool, unavailable

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


# The pages ask for system-ui, which each machine maps to a font of its own: the pictures in docs/
# and the layout checks would change with the machine. Chromium here sees DejaVu alone (Debian's
# fonts-dejavu-core, which make system-deps installs), whatever else a machine has.
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
  <cachedir>{cache}</cachedir>
  <alias><family>system-ui</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
</fontconfig>
"""


def chromium_env(folder) -> dict:
    """The environment a test's Chromium runs in: the fonts above, from a fonts.conf in ``folder``."""
    if not (DEJAVU / "DejaVuSans.ttf").exists():
        unavailable(f"{DEJAVU / 'DejaVuSans.ttf'} is missing", "install Debian's fonts-dejavu-core package "
                    "(`make system-deps` does it as root)")
    conf = folder / "fonts.conf"
    conf.write_text(FONTS_CONF.format(fonts=DEJAVU, cache=folder / "fontcache"))
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    require_module("playwright")
    chromium = require_tool("chromium", "chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS,
                              env=chromium_env(tmp_path_factory.mktemp("fonts")))
        yield b
        b.close()



@pytest.fixture(scope="module")
def module_broker(tmp_path_factory):
    """A real Mosquitto for a whole test module (the hall page's tests start a hall each)."""
    from tests.web.broker import Broker

    b = Broker(tmp_path_factory.mktemp("broker")).start()
    yield b
    b.stop()
