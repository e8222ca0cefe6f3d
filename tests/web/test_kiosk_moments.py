"""The status page (kiosk) in Chromium says the decisive moments in the board's words: the Last
Letter Sabotage window with what the saboteur must do, the sabotage once it succeeded, and at
the end who won and why."""

from __future__ import annotations

from tests.game.conftest import L, end, ok, play
from tests.game.test_rules_sabotage import GAP, final_letter_sent
from tests.web.live import LiveBoard

WAIT_MS = 10_000


def shown(board, kiosk, state, selector: str) -> str:
    board.daemon.controller.session.state = state
    board.press("BACK")  # nothing to put back: the board publishes its position again
    kiosk.wait_for_selector(selector, timeout=WAIT_MS)
    return kiosk.inner_text(selector)


def test_the_kiosk_says_the_window_the_sabotage_and_the_end(tmp_path, browser):
    board = LiveBoard(tmp_path).start()
    try:
        assert board.admin("new-game", {"mode": "competitive", "seats": ["S", "N"]}) == (200, {"ok": True})
        kiosk = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        problems = []
        kiosk.on("pageerror", lambda e: problems.append(str(e)))
        kiosk.goto(board.url)
        window = shown(board, kiosk, final_letter_sent(), "#sabotage .moment.sabotage_open")
        assert "N, this turn is your one chance to take it back: turn all 6 of R2's lamps off" in window
        done = shown(board, kiosk, ok(final_letter_sent(), play("N", "J11", GAP)), "#sabotage .moment.sabotaged")
        assert done.startswith("Sabotage! N turned R2's lamps off")
        over = ok(ok(final_letter_sent(), play("N", "J33", L(12, 13, 14, 15))), end("N"))
        said = shown(board, kiosk, over, "#over:not(.hidden) #overtext")
        assert said == "Winner: S (GUILD): N did not turn R2's lamps off, so S's last letter stands"
        assert kiosk.locator("#sabotage .moment").count() == 0 and problems == []
    finally:
        board.stop()
