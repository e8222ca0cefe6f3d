"""Fixtures for the page tests: the system Chromium driven by Playwright (never a downloaded
browser), and a directory for the screenshots the tests leave as artefacts (listed at the end
of the run; CLACKS_ARTEFACTS chooses where)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.tools import require_module, require_tool

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
KIOSK = {"width": 1920, "height": 1080}
_written: list[Path] = []


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


@pytest.fixture
def kiosk(browser, board):
    """The kiosk page at kiosk size on the module's own `board`, collecting console problems."""
    context = browser.new_context(viewport=KIOSK)
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type in ("error", "warning") and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.goto(board.url)
    yield page
    context.close()


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory) -> Path:
    where = os.environ.get("CLACKS_ARTEFACTS")
    path = Path(where) if where else tmp_path_factory.getbasetemp() / "artefacts"
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshot(page, artefacts: Path, name: str) -> Path:
    out = artefacts / f"{name}.png"
    page.screenshot(path=str(out), full_page=True)
    _written.append(out)
    return out


def pytest_terminal_summary(terminalreporter):
    if _written:
        terminalreporter.write_line(f"kiosk screenshots: {', '.join(sorted({str(p.parent) for p in _written}))}")
