"""The Guards! Guards! questions on a player's own phone, in Chromium, answered by tapping: a spell
run passes the quadrant where N has a saboteur, so N's phone (and only N's) asks whether to
strike; a tap answers it, the board's lamps then blink that quadrant. Until the strike reveals
the saboteur (its Loyalty test is rolled in the open), neither S's phone nor the public page
knows of it; the page's recent moves only ever say that N answered.

The game is one a power cut interrupted: its journal is written as the board writes it, and the
board resumes it when it starts, as it would at the table."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from clacks_hw.daemon import palette as P
from clacks_hw.daemon.session import JournalStore
from clacks_hw.game.clacks.edition_files import default_edition
from clacks_hw.game.guards.board import QUADRANT_LAMPS
from clacks_hw.game.guards.config import GuardsConfig
from clacks_hw.game.guards.game import GUARDS
from tests.web.live import LiveBoard

SEED = 7  # N is dealt a Brethren volunteer, and S can run a spell through the first quadrant


def played_to_the_question(directory):
    """S ends the turn; N plants a saboteur in the first quadrant (a Guild test: the table's die
    showed 6); S announces a spell run starting there: the question waits for N."""
    session = JournalStore(directory, default_edition()).new_session(GuardsConfig(seats=("S", "N"), seed=SEED))
    box = session.state.edition
    first = box.quadrants[0]
    card = next(c for c in session.state.player("N").hand if box.volunteers[c].brethren)
    for step in ({"seat": "S", "act": "end_turn"}, {"seat": "N", "act": "plant", "card": card, "quadrant": first},
                 {"seat": "N", "act": "roll", "die": 6}, {"seat": "N", "act": "end_turn"}):
        session.apply(GUARDS.parse_action(step))
    run = next(a for a in GUARDS.legal_actions(session.state) if a.act == "spell_run" and a.route[0] == first)
    session.apply(run)
    state = session.state
    assert state.prompt.kind == "sabotage" and state.prompt.seats == ("N",)
    session.close()
    return state, card


@pytest.fixture
def board(tmp_path):
    asked, card = played_to_the_question(tmp_path)
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()
    b.asked, b.card = asked, card
    yield b
    b.stop()


def status(board) -> str:
    with urllib.request.urlopen(f"{board.url}status.json", timeout=10) as r:
        return r.read().decode()


def phone(browser, board, seat):
    page = browser.new_context(viewport={"width": 390, "height": 900}).new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.goto(f"{board.url}seat#pair={board.seat_code(seat).code}")
    page.wait_for_function(f"() => document.getElementById('answer').textContent.includes(\"seat {seat}'s own\")",
                           timeout=10_000)
    return page


def test_the_sabotage_question_goes_to_its_seat_alone_and_a_tap_answers_it(board, browser):
    board.wait_for(lambda: board.daemon.controller.screen == "game" and board.state().prompt is not None,
                   "the resumed game")
    assert board.state() == board.asked
    name = board.state().edition.volunteers[board.card].name
    public = status(board)
    assert board.card not in public and name not in public
    north, south = phone(browser, board, "N"), phone(browser, board, "S")
    north.wait_for_selector("#promptpanel:not(.hidden) button.choice", timeout=10_000)
    asked = north.inner_text("#prompts")
    assert "passes the" in asked and "Strike?" in asked and f"{name}: Alter Allegiance" in asked and "Let it pass" in asked
    assert south.is_hidden("#promptpanel") or "Strike?" not in south.inner_text("#prompts")
    assert name not in south.inner_text("body")

    north.click(f"button.choice:has-text('{name}: Alter Allegiance')")
    north.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=10_000)
    state = board.wait_for(lambda: (s := board.state()).prompt is None and s, "the answer applied")
    assert state.pending is not None and state.pending.kind in ("tiebreak", "loyalty")  # the strike: revealed now
    nw = QUADRANT_LAMPS[0]  # the first quadrant: the strike blinks there, on the board for all to see
    board.wait_for(lambda: any(all(f.lamp(i) == P.ROLES["sabotage"] for i in nw) for _, f in board.frames[-20:]),
                   "the quadrant blinking")

    board.wait_for(lambda: board.daemon.status_page.box.get().actions == 6, "the page's snapshot")
    assert json.loads(status(board))["recent"] == [{"seat": "N", "act": "answer"}]
    assert north.problems == [] and south.problems == []
