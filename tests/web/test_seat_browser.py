"""A player's own phone page in the system Chromium: the board's own screen shows a seat's code
and its QR code after the pairing gesture and NEXT; the phone that opens it is paired for that
seat and shows that seat's hand, and nothing of another's; it answers a private prompt with a
tap. Screenshots of the kiosk screen and the phones are kept."""

from __future__ import annotations

import base64

import pytest

from clacks_hw.commands.kiosk_cmd import kiosk_url, write_launcher
from clacks_hw.web.base import qr_svg
from tests.web.conftest import KIOSK, screenshot
from tests.web.live import LiveBoard
from tests.web.test_seat_phones import SEATS, hand_labels, long_distance, offer_the_first_legal_actions

PHONE = {"width": 390, "height": 844}
WAIT_MS = 10_000


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path / "board", overrides={"status.hosts": ["localhost"]}).start()  # the phones' way in
    yield b
    b.stop()


def phone_page(browser, problems):
    page = browser.new_context(viewport=PHONE).new_page()
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page


def test_a_seats_phone_pairs_from_the_boards_screen_and_shows_only_its_hand(board, browser, tmp_path, artefacts):
    state = long_distance(board)
    url, _ = kiosk_url(board.config)
    own = browser.new_context(viewport=KIOSK).new_page()  # the board's own screen
    own.goto(write_launcher(tmp_path, url).as_uri())
    own.wait_for_function("() => document.body.dataset.display === 'board'", timeout=WAIT_MS)
    problems: list[str] = []

    code = board.seat_code("W")
    own.wait_for_function("() => document.getElementById('pairtitle').textContent.includes('seat W')",
                          timeout=WAIT_MS)
    assert own.inner_text("#paircode") == code.grouped
    qr_url = f"http://localhost:{board.port}/seat#pair={code.code}"  # status.hosts: never 127.0.0.1
    assert base64.b64decode(own.get_attribute("#pairqr", "src").split(",", 1)[1]) == qr_svg(qr_url)
    screenshot(own, artefacts, "kiosk-pairing-seat-1920x1080")

    west = phone_page(browser, problems)
    west.goto(qr_url)  # what the phone's camera opens
    west.wait_for_function("() => document.getElementById('answer').textContent.includes(\"seat W's own\")",
                           timeout=WAIT_MS)
    assert "pair=" not in west.url
    assert west.context.cookies() == []  # no cookie: the session is this origin's own (phone.js)
    west.wait_for_selector(".section li", timeout=WAIT_MS)
    text = west.inner_text("body")
    for label in hand_labels(board.state(), "W"):
        assert label in text
    for other in SEATS:
        if other != "W":
            assert not any(card in text for card in state.player(other).hand if card not in state.player("W").hand)
    assert "Seat W" in west.inner_text("#title")
    screenshot(west, artefacts, "seat-phone-390x844")

    stranger = phone_page(browser, [])  # the same address again: the code paired one phone (its 403 is expected)
    stranger.goto(qr_url)
    stranger.wait_for_function("() => document.getElementById('answer').textContent.includes('Not paired (403)')",
                               timeout=WAIT_MS)
    assert stranger.is_hidden("#sections") and stranger.is_visible("#pairpanel")
    assert problems == []


def test_a_seats_phone_answers_its_private_prompt_with_a_tap(board, browser, monkeypatch, artefacts):
    state = long_distance(board)
    offer_the_first_legal_actions(monkeypatch, state)
    seat = state.turn.seat
    problems: list[str] = []
    phone = phone_page(browser, problems)
    phone.goto(f"{board.url}seat#pair={board.seat_code(seat).code}")
    phone.wait_for_selector("#promptpanel:not(.hidden) button.choice", timeout=WAIT_MS)
    assert "Which one?" in phone.inner_text("#prompts")
    screenshot(phone, artefacts, "seat-prompt-390x844")
    phone.click("button.choice >> nth=0")
    phone.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT_MS)
    assert board.daemon.controller.session.actions == 1
    assert problems == []
