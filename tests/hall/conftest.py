"""The hall's page tests use the board's page fixtures: the system Chromium driven by
Playwright and a real Mosquitto for a whole module (tests/web/conftest.py)."""

from tests.web.conftest import browser, module_broker  # noqa: F401  (fixtures, found by their names)
