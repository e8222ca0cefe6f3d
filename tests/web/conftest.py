"""Fixtures for the board's page tests (the browser and the broker are tests/conftest.py's,
shared with the hall's): the kiosk page, and a directory for the screenshots the tests leave as
artefacts (listed at the end of the run; CLACKS_ARTEFACTS chooses where)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

KIOSK = {"width": 1920, "height": 1080}
_written: list[Path] = []


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
