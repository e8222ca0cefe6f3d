"""The Guards! Guards! phone as a new player meets it, in Chromium at 390x844: the turn's moves
grouped under where the piece stopped (the Spell tile, the Guild House, a Tavern, ...), the
likely ones first and on the screen without scrolling, the rare ones (a Fate card's errand, the
ten purchases, the Grand Master's Call) folded under "More moves"; a test waiting for the seat's
die says its target and its chance; a strike says what Alter Allegiance, an Ambush and letting
the run pass each do, with their chances; an Ambush's blow says what it must beat. The figures
are odds.py's exact ones; the pictures are in docs/guards.md."""

from __future__ import annotations

import random

import pytest

from clacks_hw.game.guards.odds import pass_chance
from tests.web.live import LiveBoard
from tests.web.screens import kept
from tests.web.test_guards_phone_browser import played_to_the_question

PHONE = {"width": 390, "height": 844}
SEED = 5  # the board's generator: S is dealt a Brethren volunteer (a saboteur to plant)
WAIT_MS = 10_000
# What the page shows of each prompt: its question and note, each heading, and each button with
# whether it is folded under "more" and whether it lies on the screen unscrolled.
READ = """() => [...document.querySelectorAll('#prompts .prompt')].map(q => ({
  question: q.querySelector('p').textContent,
  note: (q.querySelector('p.note') || {}).textContent || '',
  groups: [...q.querySelectorAll(':scope > h3.group')].map(h => h.textContent),
  more: [...q.querySelectorAll('details.more h3.group')].map(h => h.textContent),
  buttons: [...q.querySelectorAll('button.choice')].map(b => {
    const r = b.getBoundingClientRect();
    return {text: b.firstChild.textContent, note: (b.querySelector('.note') || {}).textContent || '',
            folded: !!b.closest('details'), seen: r.height > 0 && r.bottom <= innerHeight};
  }),
}))"""


def phone(browser, board, seat, viewport=PHONE):
    page = browser.new_context(viewport=viewport).new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.goto(f"{board.url}seat#pair={board.seat_code(seat).code}")
    page.wait_for_function(f"() => document.getElementById('answer').textContent.includes(\"seat {seat}'s own\")",
                           timeout=WAIT_MS)
    page.wait_for_selector("#promptpanel:not(.hidden) button.choice", timeout=WAIT_MS)
    return page


def prompt(page, starts: str) -> dict:
    page.wait_for_function("t => [...document.querySelectorAll('#prompts .prompt > p')].some(p => p.textContent"
                           ".startsWith(t))", arg=starts, timeout=WAIT_MS)
    return next(q for q in page.evaluate(READ) if q["question"].startswith(starts))


@pytest.fixture
def board(tmp_path):
    b = LiveBoard(tmp_path, rng=random.Random(SEED)).start()
    yield b
    b.stop()


def test_the_turns_moves_grouped_the_likely_ones_on_the_screen(board, browser):
    assert board.admin("new-game", {"mode": "guards", "seats": ["S", "N"]}) == (200, {"ok": True})
    page = phone(browser, board, "S")
    turn = prompt(page, "Your turn")
    assert turn["groups"][:2] == ["At the Spell tile", "At your Guild House"] and "When you are done" in turn["groups"]
    assert {"At a Merchant's or a Temple", "A Fate card or the Grand Master's Call"} <= set(turn["more"])
    likely = [b for b in turn["buttons"] if not b["folded"]]
    folded = [b["text"] for b in turn["buttons"] if b["folded"]]
    assert likely[0]["text"].startswith("Announce a spell run") and any(b["text"] == "Ends the turn" for b in likely)
    assert all(b["seen"] for b in likely), [b["text"] for b in likely if not b["seen"]]  # no scrolling for them
    assert len(likely) <= 10 and len(folded) >= 10
    for rare in ("You are sent to the hospital", "Draws the Grand Master's Call", "Buys "):
        assert any(t.startswith(rare) for t in folded) and not any(b["text"].startswith(rare) for b in likely)
    page.click("details.more summary")  # unfolded, the rare moves are there to tap
    assert page.is_visible("details.more button.choice >> text=Draws the Grand Master's Call")

    plant = prompt(page, "Plant a saboteur")
    state = board.state()
    guild = state.player("S").guild_level
    chance = round(100 * pass_chance(guild, 5))
    assert plant["note"] == f"Guild test: {guild} + the die against 5: {5 - guild} or more on the die (a natural 1 fails), " \
                            f"{chance}% likely" or 5 - guild <= 2 and f"{chance}% likely" in plant["note"]
    kept(page, "guards-phone")
    page.click(f"button.choice >> text={plant['buttons'][0]['text']}")
    roll = prompt(page, "Roll for your plant test")
    assert "against 5" in roll["note"] and f"{chance}% likely" in roll["note"]
    assert page.problems == []


def test_the_strike_says_what_each_answer_does_and_the_blow_its_target(tmp_path, browser):
    asked, card = played_to_the_question(tmp_path)
    board = LiveBoard(tmp_path, rng=random.Random(7)).start()
    try:
        board.wait_for(lambda: board.daemon.controller.screen == "game" and board.state().prompt is not None,
                       "the resumed game")
        north = phone(browser, board, "N", {"width": 390, "height": 900})
        strike = prompt(north, "S's spell run passes")
        said = {b["text"]: b["note"] for b in strike["buttons"]}
        name = asked.edition.volunteers[card].name
        assert "Loyalty test of 7" in said[f"{name}: Alter Allegiance"] and "% likely" in said[f"{name}: Alter Allegiance"]
        assert "fights the runner its owner picks" in said[f"{name}: Ambush"]
        assert "nobody learns" in said["Let it pass"]
        kept(north, "guards-phone-strike")
        north.click(f"button.choice >> text={name}: Ambush")
        north.wait_for_function("() => document.getElementById('answer').textContent === 'Done.'", timeout=WAIT_MS)
        board.wait_for(lambda: (q := board.state().prompt) is not None and q.kind == "defend", "the defence question")
        south = phone(browser, board, "S")
        runner = prompt(south, "Ambush!")["buttons"][0]["text"]
        south.click(f"button.choice >> text={runner}")
        board.wait_for(lambda: (t := board.state().pending) is not None and t.kind == "combat", "the blow")
        blow = prompt(north, "Roll for your combat test")
        assert blow["note"].startswith("Your blow") and "beats the guard's Toughness" in blow["note"]
        assert "% likely" in blow["note"]
        assert north.problems == [] and south.problems == []
    finally:
        board.stop()
