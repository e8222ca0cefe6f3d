"""The board's own kiosk page on a landscape screen, in Chromium: at 1920x1080 and 1280x720 it
never scrolls, and every seat of every game mode and the QR code are on the screen whole (at
1080p the page used to cut off seats N and E and the QR code). The pictures are kept in docs/img/.

The page is the real one, served by the board's page server from a fixed position of a real
game; only the QR code and the address under it are pinned to a documented address (the test's
port changes from run to run)."""

from __future__ import annotations

import json

import pytest

from clacks_hw.web.base import qr_svg
from clacks_hw.web.server import WebServer
from clacks_hw.web.snapshot import SnapshotBox, StatusSnapshot
from tests.fakes.hall_boards import EDITION, STARTED, played
from tests.web.screens import kept, layout_problems, open_page

SIZES = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720}}
ADDRESS = "http://clacks1.local:8080/"
NAMES = {"S": "ANN", "W": "KAI", "N": "BOB", "E": "EVE"}
# (picture name or None, mode, players, moves, variants, screen)
GAMES = [
    ("kiosk-competitive", "competitive", 4, 20, (), "game"),
    ("kiosk-race", "race", 4, 14, ("night_shift",), "game"),
    ("kiosk-klackers", "klackers", 4, 9, (), "game"),
    ("kiosk-guards", "guards", 4, 60, (), "game"),
    (None, "competitive", 3, 16, ("express", "long_message"), "game"),
    (None, "junior_race", 2, 12, (), "game"),
    (None, "solitaire", 1, 10, ("night_shift",), "game"),
    (None, "competitive", 2, 10, (), "attract"),
    (None, "race", 3, 10_000, (), "over"),
    (None, "klackers", 4, 10_000, ("hughie",), "over"),
]


def kiosk_page(browser, scene, size):
    name, mode, players, moves, variants, screen = scene
    state, done = played(mode, players, moves, NAMES, variants)
    box = SnapshotBox(StatusSnapshot(seq=len(done) + 1, screen=screen, state=state, actions=len(done),
                                     recent=tuple(done[-6:]) if screen != "attract" else (), started=STARTED))
    server = WebServer(box, "127.0.0.1", 0, edition=EDITION).start()
    page = open_page(browser, "about:blank", SIZES[size])
    page.route("**/qr.svg", lambda r: r.fulfill(body=qr_svg(ADDRESS), content_type="image/svg+xml"))
    page.route("**/api/options", lambda r: r.fulfill(body=json.dumps({"url": ADDRESS}), content_type="application/json"))
    page.goto(server.url)
    page.wait_for_function("() => document.body.dataset.seq && document.getElementById('qr').naturalWidth > 0"
                           " && document.getElementById('qrtext').textContent", timeout=10_000)
    return server, page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", GAMES, ids=lambda s: f"{s[1]}-{s[2]}-{s[5]}")
def test_every_seat_and_the_qr_code_on_the_screen(browser, scene, size):
    server, page = kiosk_page(browser, scene, size)
    try:
        seats = page.locator("#players .player:visible, #klscores .klseat:visible").count()
        assert seats == scene[2]
        assert layout_problems(page, "#players .player, #klscores .klseat, #qrpanel, #qr, #banner, header") == []
        assert not page.problems
        shown = page.inner_text("body")
        assert "ANN (S)" in shown and not any(bad in shown for bad in ("undefined", "null", "NaN"))
        if scene[0]:
            kept(page, f"{scene[0]}-{size}")
    finally:
        page.context.close()
        server.close()
