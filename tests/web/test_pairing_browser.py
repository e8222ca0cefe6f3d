"""Pairing a phone end to end in the system Chromium: the board's own kiosk screen, opened the way
`clacks-hw kiosk` opens it (a launcher file handing over the display key), shows the code and
its QR code after the board's TURN+BACK gesture and nowhere else; the phone opens the QR code's
address, is paired (a session its page keeps for the board's origin alone, no cookie) and starts
a game; a second phone with the same code is refused. Screenshots of the kiosk screen and the phone are kept."""

from __future__ import annotations

import base64

import pytest

from clacks_hw.commands.kiosk_cmd import kiosk_url, write_launcher
from clacks_hw.web.base import qr_svg
from tests.support.tools import require_tool
from tests.conftest import CHROMIUM_ARGS
from tests.web.conftest import KIOSK, screenshot
from tests.web.live import LiveBoard

PHONE = {"width": 390, "height": 844}
WAIT_MS = 10_000


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path / "board", overrides={"status.hosts": ["localhost"]}).start()  # the phone's way in
    yield b
    b.stop()


def answer(page) -> str:
    return page.inner_text("#answer")


def test_a_phone_pairs_from_the_boards_own_screen_and_runs_a_game(board, browser, tmp_path, artefacts):
    url, why = kiosk_url(board.config)
    assert why is None and "#display=" in url
    launcher = write_launcher(tmp_path, url)
    assert oct(launcher.stat().st_mode & 0o777) == "0o600"

    own = browser.new_context(viewport=KIOSK).new_page()  # the board's own screen
    problems: list[str] = []
    own.on("console", lambda m: m.type == "error" and problems.append(m.text))
    own.on("pageerror", lambda e: problems.append(str(e)))
    own.goto(launcher.as_uri())
    own.wait_for_url(f"{board.url}**", timeout=WAIT_MS)
    own.wait_for_function("() => document.body.dataset.display === 'board' && !location.href.includes('display')",
                          timeout=WAIT_MS)  # the key is out of the address bar and the history
    other = browser.new_context(viewport=KIOSK).new_page()  # any other browser on the kiosk page
    seen_by_other: list[str] = []
    other.on("response", lambda r: seen_by_other.append(r.url))
    other.goto(board.url)
    assert own.is_hidden("#pairing") and other.is_hidden("#pairing")

    board.gesture()  # TURN and BACK held on the board
    own.wait_for_selector("#pairing", state="visible", timeout=WAIT_MS)
    code = board.daemon.pairing.shown()
    assert own.inner_text("#paircode") == code.grouped
    phone_page = f"http://localhost:{board.port}/"  # status.hosts: never this machine's 127.0.0.1
    assert f"open {phone_page}admin and type the code" in own.inner_text("#pairing")
    qr_url = f"{phone_page}admin#pair={code.code}"
    src = own.get_attribute("#pairqr", "src")
    assert base64.b64decode(src.split(",", 1)[1]) == qr_svg(qr_url)  # the QR code holds that address
    screenshot(own, artefacts, "kiosk-pairing-1920x1080")
    other.wait_for_timeout(1500)
    assert other.is_hidden("#pairing") and code.grouped not in other.inner_text("body")
    # Any kiosk says a phone is being paired over the screen underneath (its name, never the code).
    assert other.inner_text("#screen") == "\u00b7 How to play \u00b7 Pairing the admin's phone"
    assert not any("display" in u for u in seen_by_other)  # it never even asked

    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(qr_url)  # what the phone's camera opens
    phone.wait_for_function("() => document.getElementById('answer').textContent.startsWith('Paired')",
                            timeout=WAIT_MS)
    assert "pair=" not in phone.url  # the code is out of the address bar and the history
    assert phone.context.cookies() == []  # no cookie, which the browser would send to every port
    assert len(phone.evaluate("() => localStorage.getItem('clacks-phone')")) >= 43  # the origin's own
    own.wait_for_selector("#pairing", state="hidden", timeout=WAIT_MS)  # one phone: the code is gone
    other.wait_for_function("() => document.querySelector('#screen').textContent === '\u00b7 How to play'",
                            timeout=WAIT_MS)

    phone.select_option("#mode", "competitive")
    phone.click("#start")
    phone.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT_MS)
    board.wait_for(lambda: board.daemon.controller.screen == "game", "the game the phone started")
    screenshot(phone, artefacts, "admin-paired-390x844")

    second = browser.new_context(viewport=PHONE).new_page()  # the same QR code, another phone
    second.goto(qr_url)
    second.wait_for_function("() => document.getElementById('answer').textContent.includes('Not paired (403)')",
                             timeout=WAIT_MS)
    assert "no pairing code is showing" in answer(second) and second.is_hidden("#abandon")
    screenshot(second, artefacts, "admin-refused-390x844")
    assert problems == []  # no CSP violation, no script error on the board's screen


def test_a_phone_stays_paired_when_its_browser_restarts_and_can_forget_itself(board, browser, tmp_path):
    """The session lives in the board's origin's own storage (no cookie), which a browser keeps
    when it quits: the phone, its browser started again on the same profile, still runs the board."""
    profile = str(tmp_path / "profile")

    def phone_browser():
        return browser.browser_type.launch_persistent_context(
            profile, executable_path=require_tool("chromium", "chromium"), args=CHROMIUM_ARGS, viewport=PHONE)

    phone = phone_browser()
    page = phone.new_page()
    board.gesture()
    page.goto(f"{board.url}admin#pair={board.shown_code().code}")
    page.wait_for_function("() => document.getElementById('answer').textContent.startsWith('Paired')", timeout=WAIT_MS)
    assert phone.cookies() == [] and len(page.evaluate("() => localStorage.getItem('clacks-phone')")) >= 43
    phone.close()  # the phone's browser quits

    phone = phone_browser()
    try:
        page = phone.new_page()
        page.goto(f"{board.url}admin")
        page.wait_for_function("() => document.getElementById('answer').textContent === 'Ready.'", timeout=WAIT_MS)
        page.evaluate("() => { document.getElementById('brightness').value = '40'; }")
        page.click("#dim")
        page.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT_MS)
        board.wait_for(lambda: board.daemon.leds.brightness == 0.4, "the brightness the phone set")
        page.click("#unpair")
        page.wait_for_function("() => document.getElementById('answer').textContent.includes('no longer paired')",
                               timeout=WAIT_MS)
        assert page.evaluate("() => localStorage.getItem('clacks-phone')") is None  # forgotten on the phone...
        assert board.daemon.pairing.phones.phones() == []  # ...and on the board
        assert page.is_visible("#pairpanel") and page.is_hidden("#abandon")
    finally:
        phone.close()
