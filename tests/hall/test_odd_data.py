"""Nothing a message carries can break the hall page: every value the hall's schema lets through
(the longest texts, markup, right-to-left words, emoji, every lamp lit, times at the ends of their
ranges, 64-character board ids) is shown as text, never run or parsed as HTML, and the page keeps
its layout at both screen sizes; the results page too, with names and board ids as odd."""

from __future__ import annotations

import pytest

from clacks_hw.mqtt import schema
from tests.fakes.hall_boards import MARKUP, NOW, odd_states
from tests.hall.shown import ShownHall
from tests.web.screens import layout_problems, open_page

SIZES = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720}}
WAIT_MS = 10_000
NOTHING_RAN = ("() => window.pwned === undefined && document.querySelectorAll("
               "'main img, main script, section img, section script, main b, main i:not(.lamps > i)').length === 0")


@pytest.fixture
def hall(tmp_path, module_broker):
    states = odd_states(16)
    h = ShownHall(tmp_path, module_broker.port, boards=states)
    for board, data in states.items():
        schema.convert("state", data)  # every one of them passes the hall's schema
        h.status(board)
        h.raw_state(board, data)
    for k, board in enumerate(states):
        names = list(data["position"]["names"].values()) if (data := states[board]) else []
        h.result(board, game=f"n{k + 1}-{k:08x}", mode=data["position"]["mode"], seats=["S", "W", "N", "E"][:2 + k % 3],
                 winner=("S", "team", "post_office", "S and W", None)[k % 5] if data["position"]["mode"] != "klackers" else "S",
                 actions=k, names={s: names[i % len(names)] for i, s in enumerate("SWNE")}, seconds=[0.0, 604800.0, 61.5][k % 3],
                 started=NOW)
    yield h
    h.close()


@pytest.mark.parametrize("size", SIZES)
def test_odd_boards_are_shown_as_text_and_keep_the_layout(hall, browser, size):
    page = open_page(browser, hall.url + "?view=boards", SIZES[size])
    page.wait_for_function("() => document.querySelectorAll('.card').length === 16", timeout=WAIT_MS)
    assert page.evaluate(NOTHING_RAN)
    assert MARKUP in page.inner_text("#boards")  # shown, as the characters it is
    assert layout_problems(page, ".card", inner=True) == []
    assert layout_problems(page, "header > *:not(.hidden)") == []
    assert not page.problems
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_odd_names_and_boards_on_the_results_page(hall, browser, size):
    page = open_page(browser, hall.url + "?view=results&page=1", SIZES[size])
    page.wait_for_function("() => document.getElementById('players').rows.length > 1", timeout=WAIT_MS)
    for k in range(1, 6):
        page.goto(hall.url + f"?view=results&page={k}")
        page.wait_for_function("() => document.getElementById('rboards').rows.length > 1", timeout=WAIT_MS)
        assert page.evaluate(NOTHING_RAN)
        assert layout_problems(page, ".rcol, .results h2, header > *:not(.hidden)") == []
    assert not page.problems
    page.context.close()
