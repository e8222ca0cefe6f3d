"""The hall page says how things are, within 5 s, in Chromium: a broker that stops answering or
is gone (the boards then shown as last heard), a board killed (its last will: offline), a board
that stops beating (silent), and each of them back again."""

from __future__ import annotations

import signal
import time

import pytest

from clacks_hw.mqtt import schema
from clacks_hw.hall.page import Hall
from clacks_hw.hall.ingest import SILENT_S
from tests.fakes.hall_boards import hall_states
from tests.mqtt.rig import Keys, board_process, hall_config
from tests.web.broker import Broker
from tests.hall.shown import ShownHall
from tests.web.screens import open_page

SCREEN = {"width": 1920, "height": 1080}
SHOWN_WITHIN_S = 5.0


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path).start()
    yield b
    b.stop()


def shown(page, script: str, arg=None, timeout_s: float = 15.0) -> float:
    """Seconds until ``script`` holds on the page."""
    start = time.monotonic()
    page.wait_for_function(script, arg=arg, timeout=timeout_s * 1000, polling=50)
    return time.monotonic() - start


BROKER_SAYS = "t => document.getElementById('broker').textContent.includes(t)"
CARD_SAYS = "([b, t]) => { const c = document.querySelector(`.card[data-board=\"${b}\"]`); return !!c && c.textContent.includes(t); }"


def test_a_broker_not_answering_or_gone_is_shown_within_5_s(tmp_path, broker, browser):
    hall = ShownHall(tmp_path, broker.port, boards=hall_states(3), wall=time.time)
    try:
        hall.put(hall_states(3))
        page = open_page(browser, hall.url + "?view=boards", SCREEN, now=time.time())
        shown(page, BROKER_SAYS, "Broker: connected")
        broker.pause()  # the connection stays open; nothing answers
        assert shown(page, BROKER_SAYS, "Broker: not answering") < SHOWN_WITHIN_S
        assert page.locator(".card.stale").count() == 3 and "last heard" in page.inner_text(".card")
        assert page.inner_text("#count") == "3 boards, as last heard"  # nobody counted online it cannot know
        broker.resume()
        shown(page, BROKER_SAYS, "Broker: connected")
        broker.stop()
        assert shown(page, BROKER_SAYS, "Broker: lost") < SHOWN_WITHIN_S
        broker.start()
        shown(page, BROKER_SAYS, "Broker: connected", timeout_s=20)
        page.context.close()
    finally:
        broker.resume() if broker.proc is not None else None
        hall.close()


def test_a_killed_board_is_offline_within_5_s(tmp_path, broker, browser):
    keys = Keys("beta")
    hall = Hall(hall_config(tmp_path, broker, keys)).start()
    beta = board_process(tmp_path, broker, "beta", keys)
    try:
        page = open_page(browser, hall.url + "?view=boards", SCREEN, now=time.time())
        shown(page, CARD_SAYS, ["beta", "online"], timeout_s=20)
        beta.send_signal(signal.SIGKILL)  # no goodbye: the broker's last will tells
        assert shown(page, CARD_SAYS, ["beta", "offline since"]) < SHOWN_WITHIN_S
        assert page.locator('.card.offline[data-board="beta"] .lamps').count() == 1  # its last state stays
        page.context.close()
    finally:
        if beta.poll() is None:
            beta.kill()
        hall.close()


def test_a_board_that_stops_beating_is_silent_within_5_s_and_back_when_it_beats(tmp_path, broker, browser):
    states = hall_states(2)
    hall = ShownHall(tmp_path, broker.port, boards=states, wall=time.time)
    try:
        hall.put(states)

        def beat(seq):
            hall.message("alpha", "alive", hall.signed("alpha", "alive", schema.Alive(boot=hall.boot, seq=seq)))

        page = open_page(browser, hall.url + "?view=boards", SCREEN, now=time.time())
        for seq in range(4):
            beat(seq)
            time.sleep(0.5)
        shown(page, CARD_SAYS, ["alpha", "online"])
        last = time.monotonic()
        page.wait_for_function(CARD_SAYS, arg=["alpha", "silent since"], timeout=(SILENT_S + SHOWN_WITHIN_S + 1) * 1000)
        assert time.monotonic() - last - SILENT_S < SHOWN_WITHIN_S
        beat(5)
        assert shown(page, CARD_SAYS, ["alpha", "online"]) < SHOWN_WITHIN_S
        page.context.close()
    finally:
        hall.close()


def test_with_the_hall_gone_everything_the_page_cannot_know_says_as_of_when(tmp_path, broker, browser):
    # The hall process dead: no "4 of 4 online", "Broker: connected" or green pill beside the red
    # banner, but what the page last knew, as of the time the link to the hall held until.
    hall = ShownHall(tmp_path, broker.port, boards=hall_states(3), wall=time.time)
    closed = False
    try:
        hall.put(hall_states(3))
        page = open_page(browser, hall.url + "?view=boards", SCREEN, now=time.time())
        shown(page, BROKER_SAYS, "Broker: connected")
        shown(page, "() => document.getElementById('count').textContent === '3 of 3 boards online'")
        assert page.locator(".card.stale").count() == 0
        hall.close()
        closed = True
        shown(page, "() => !document.getElementById('conn').classList.contains('hidden')", timeout_s=20)
        since = page.evaluate("() => { const d = new Date(); return String(d.getHours()).padStart(2, '0') + ':' +"
                              " String(d.getMinutes()).padStart(2, '0'); }")
        count, badge = page.inner_text("#count"), page.locator("#broker")
        assert count.startswith("3 of 3 boards online as of ") and count[-5:] <= since, count
        assert "as of" in badge.inner_text() and "ok" not in (badge.get_attribute("class") or "")
        assert page.locator(".card.stale").count() == 3
        assert all("online as of" in t for t in page.locator(".card .state").all_inner_texts())
        page.context.close()
    finally:
        if not closed:
            hall.close()
