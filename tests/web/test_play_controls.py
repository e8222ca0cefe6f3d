"""The play page's controls in Chromium: New game asks for the game in play again (as it was
started, computer seats and variants too) until the player changes the form; Abandon, apart
from New game, asks for a second click; and the page fits a phone (390x844) with every part in
reach, kept as a picture for docs/play.md."""

from __future__ import annotations

import time

from tests.web.play_table import PlayBoard
from tests.web.screens import kept
from tests.web.test_play_browser import STILL_JS, open_page, page, play  # noqa: F401  (fixtures)

PHONE = {"width": 390, "height": 844}


def screen(page) -> str:
    return page.inner_text("#screen")


def test_new_game_asks_for_the_game_started_on_the_command_line_again(tmp_path, page):  # noqa: F811
    board = PlayBoard(tmp_path, seed=4, overrides={"game.computer_pace_s": 0.2, "game.reaction_window_s": 0})
    board.table.start()
    board.server.start()
    try:
        assert board.table.wait_ready()
        page.goto(board.url)  # the page is open before the game starts, as `clacks-hw play` opens it
        page.wait_for_function("() => window.playFrames > 0")
        params = {"mode": "race", "seats": ["S", "N"], "variants": ["night_shift"], "computer": ["N:normal"]}
        assert board.table.command("new_game", params, by="clacks-hw play") is None
        page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game'")
        page.wait_for_function("() => document.querySelector('#ng-mode').value === 'race'")
        assert page.input_value('#ng-players select[data-seat="N"]') == "normal"
        page.click("#ng-abandon")
        page.click("#ng-abandon")
        page.wait_for_function("() => document.querySelector('#screen').textContent !== 'Game'")
        page.keyboard.press("N")
        page.wait_for_function("() => document.querySelector('#screen').textContent === 'Game'")
        c = board.state.config
        assert (c.mode, c.seats, c.computer, "night_shift" in c.variants) == ("race", ("S", "N"), {"N": "normal"}, True)
        page.select_option('#ng-players select[data-seat="N"]', "person")  # the player's change stays
        page.wait_for_timeout(300)
        assert page.input_value('#ng-players select[data-seat="N"]') == "person"
        assert page.problems == []
    finally:
        board.stop()


def test_abandon_asks_for_a_second_click_and_stands_apart_from_new_game(play, page):  # noqa: F811
    board = play(mode="competitive", seats=["S", "N"], seed=5)
    open_page(page, board)
    page.click("#ng-abandon")
    assert "Click again" in page.inner_text("#ng-abandon")
    time.sleep(0.5)
    assert board.ctrl.screen == "game" and screen(page) == "Game"  # one click ends nothing
    page.wait_for_function("() => !document.querySelector('#ng-abandon').textContent.includes('again')", timeout=6000)
    page.click("#ng-abandon")  # the first click of two again: the one before has run out
    time.sleep(0.5)
    assert board.ctrl.screen == "game"
    page.click("#ng-abandon")
    page.wait_for_function("() => document.querySelector('#screen').textContent !== 'Game'")
    assert board.ctrl.session is None and len(list(board.table.journal.parent.glob("*.abandoned"))) == 1
    assert page.evaluate("() => document.querySelector('#ng-abandon').closest('form') === null")
    assert page.problems == []


PARTS = ["#lamps .lamp", ".tower", "#hands button.card", "#controls button", "#ng-start", "#ng-abandon",
         "#ng-mode", "#keys-button"]


def test_the_page_fits_a_phone_with_every_part_in_reach(play, browser):
    board = play(mode="competitive", seats=["S", "N"], seed=3)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_page(page, board)
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
        for sel in PARTS:
            parts = page.locator(sel)
            assert parts.count() > 0, sel
            for k in range(parts.count()):
                part = parts.nth(k)
                part.scroll_into_view_if_needed()
                box = part.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (sel, k, box)
                part.click(trial=True, timeout=2000)  # visible, enabled, and the one the finger would hit
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
        page.evaluate("() => { window.scrollTo(0, 0); document.activeElement && document.activeElement.blur(); }")
        page.mouse.move(0, 0)  # no button under the pointer
        board.quiet()
        page.wait_for_function(STILL_JS, timeout=5000)
        try:
            kept(page, "play-phone")
        finally:
            page.evaluate("() => { window.playPaused = false; window.playRedraw(); }")
    finally:
        context.close()
