"""Fixtures shared by the board's page tests (tests/web/) and the hall's (tests/hall/): one
system Chromium driven by Playwright for the whole run (a second Playwright in the same run
would refuse to start) and a real Mosquitto per test module."""

from __future__ import annotations

import pytest

from tests.support.tools import require_module, require_tool

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    require_module("playwright")
    chromium = require_tool("chromium", "chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()



@pytest.fixture(scope="module")
def module_broker(tmp_path_factory):
    """A real Mosquitto for a whole test module (the hall page's tests start a hall each)."""
    from tests.web.broker import Broker

    b = Broker(tmp_path_factory.mktemp("broker")).start()
    yield b
    b.stop()
